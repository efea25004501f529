// The API as a browser sees it, for browser tests that arrange or check data on the server:
// a cookie jar, the csrftoken echoed on every write, and sign-in through the real login form.
import { routes } from '../../../shared/contract/routes';

export class ApiClient {
  private readonly cookies = new Map<string, string>();

  private constructor(private readonly baseUrl: string) {}

  /** A visitor after its first request (which sets the csrftoken cookie). */
  static async visitor(baseUrl: string): Promise<ApiClient> {
    const client = new ApiClient(baseUrl);
    await client.get(routes.auth.currentUser.path());
    return client;
  }

  /** A signed-in user, e.g. the staff user the server ensures from ADMIN_USERNAME / ADMIN_PASSWORD. */
  static async signedIn(baseUrl: string, username: string, password: string): Promise<ApiClient> {
    const client = await ApiClient.visitor(baseUrl);
    const res = await client.request('POST', routes.auth.login.path(), new URLSearchParams({ username, password, next: '/' }));
    const body = (await res.json()) as { success?: boolean; error?: string };
    if (!res.ok || body.success !== true) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
    return client;
  }

  async get<T = unknown>(path: string): Promise<T> {
    const res = await this.request('GET', path);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async post<T = unknown>(path: string, body?: unknown): Promise<T> {
    const res = await this.request('POST', path, body === undefined ? undefined : JSON.stringify(body));
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  private async request(method: string, path: string, body?: string | URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (method !== 'GET' && csrf) headers['X-CSRFToken'] = csrf;
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }
}
