// The route table (shared/contract/routes.ts) against the real app: every route is registered
// once, with the table's method and pattern, nothing else answers under /api/ or /accounts/,
// no route hides another, and the guards let in whom the table says (docs/product.md#roles).
import type express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allRoutes, routes, type AnyRoute } from '../shared/contract/routes';
import { createExpressApp } from './app';
import { makeTestApp, memberClient, visitor, type Client, type TestApp } from './test-support';

/** What Express 5's router keeps of a layer (router 2.x): enough to list and match routes. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash?: boolean;
  match(path: string): unknown;
}

interface Registered {
  method: string;
  pattern: string;
  layer: Layer;
}

/** Every route registered on the app, in the order Express tries them (routers mounted at / included). */
function registeredRoutes(app: express.Express): Registered[] {
  const found: Registered[] = [];
  const walk = (stack: readonly Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push({ method: method.toUpperCase(), pattern: layer.route.path, layer });
      } else if (layer.handle.stack) {
        // a router mounted under a path would change its routes' paths: not expected here
        if (!layer.slash) throw new Error('a router is mounted under a path; this listing reads routers mounted at / only');
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

// the Atom feed is the one call outside them (issue 20: feed readers look for it at the site's root)
const isApi = (pattern: string) => pattern.startsWith('/api/') || pattern.startsWith('/accounts/') || pattern === routes.openData.feed.pattern;
const key = (method: string, pattern: string) => `${method} ${pattern}`;
/** a path for the route as a client would call it: ids that exist nowhere */
const samplePath = (route: AnyRoute) => route.path({ id: 424242, file: 'reference.js', token: 'no-such-token' });

let t: TestApp;
let app: express.Express;
beforeEach(() => {
  t = makeTestApp();
  app = createExpressApp({ engine: t.engine, config: t.config });
});
afterEach(() => t.close());

describe('the route table on the real app', () => {
  it('when the app is built, then it registers every route of the table exactly once, and no other API route', () => {
    const registered = registeredRoutes(app).filter((r) => isApi(r.pattern)).map((r) => key(r.method, r.pattern));
    const table = allRoutes().map(({ route }) => key(route.method, route.pattern));

    expect(registered.slice().sort()).toEqual(table.slice().sort());
    expect(new Set(table).size).toBe(table.length);
  });

  it('when a route\'s path is called, then the first registered route that answers it is that route, so none hides another', () => {
    const registered = registeredRoutes(app);
    for (const { name, route } of allRoutes()) {
      const path = samplePath(route).split('?')[0]!;
      const first = registered.find((r) => r.method === route.method && r.layer.match(path));
      expect(first && key(first.method, first.pattern), name).toBe(key(route.method, route.pattern));
    }
  });
});

describe('who may call each route', () => {
  let anon: Client;
  let member: Client;
  beforeEach(async () => {
    anon = await visitor(t.app);
    member = await memberClient(t);
  });

  const call = (client: Client, route: AnyRoute) => {
    const path = samplePath(route);
    if (route.method === 'GET') return client.get(path);
    if (route.method === 'DELETE') return client.delete(path);
    return client.post(path, {});
  };

  it('when a visitor and a signed-in member call every route, then only the routes the table opens to them answer without 401 or 403', async () => {
    // signing out ends the member's session: last
    const lastOut = allRoutes().sort((a, b) => Number(a.name === 'auth.logout') - Number(b.name === 'auth.logout'));
    for (const { name, route } of lastOut) {
      const asVisitor = (await call(anon, route)).status;
      const asMember = (await call(member, route)).status;
      if (route.access === 'anyone') {
        expect([asVisitor, asMember], name).not.toContain(401);
        expect([asVisitor, asMember], name).not.toContain(403);
      } else if (route.access === 'signed-in') {
        expect(asVisitor, name).toBe(401);
        expect([401, 403], name).not.toContain(asMember);
      } else {
        expect([asVisitor, asMember], name).toEqual([401, 403]);
      }
    }
  });
});
