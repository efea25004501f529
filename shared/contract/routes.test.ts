import { describe, expect, it } from 'vitest';
import { PROFILE_FETCH_SIZE } from '../constants';
import { PROFILE_KINDS, PROFILE_SEGMENTS, allRoutes, kindOfSegment, routes, type AnyRoute } from './routes';

// docs/product.md#calls, written out as the product documents them: the table must hold these
// and nothing else (the replicas' sync call is ours, docs/design.md "Replica sync"; the identifier
// lookup is issue 16's; the server's search for an incomplete replica issue 17's; the bulk rejections and the queue counts issue 18's; the API description, its reference page, the exports and the feed are issue 20's).
const DOCUMENTED = [
  'POST /api/login/', 'GET /api/accounts/me/', 'POST /accounts/logout/', 'GET /api/adminpanel/guard/',
  'GET /api/developers/', 'GET /api/projects/', 'POST /api/developers/', 'POST /api/projects/',
  'GET /api/developers/{id}/', 'GET /api/projects/{id}/',
  'POST /api/developers/{id}/verify/', 'POST /api/developers/{id}/reject/',
  'POST /api/projects/{id}/verify/', 'POST /api/projects/{id}/reject/',
  'GET /api/developers/{id}/scams/', 'GET /api/projects/{id}/scams/',
  'POST /api/developers/{id}/scams/', 'POST /api/projects/{id}/scams/',
  'POST /api/developers/{id}/scams/submit/', 'POST /api/projects/{id}/scams/submit/',
  'POST /api/developers/{id}/edit-request/', 'POST /api/projects/{id}/edit-request/',
  'GET /api/admin/scams/pending/', 'GET /api/admin/scams/{id}/',
  'POST /api/admin/scams/{id}/approve/', 'POST /api/admin/scams/{id}/reject/',
  'GET /api/admin/developer-edit-requests/',
  'POST /api/admin/developer-edit-requests/{id}/approve/', 'POST /api/admin/developer-edit-requests/{id}/reject/',
  'POST /api/removal-requests/', 'GET /api/removal-requests/',
  'POST /api/removal-requests/{id}/process/', 'POST /api/removal-requests/{id}/reject/',
  'GET /api/filter-options/',
  'GET /api/saved_searches/', 'POST /api/saved_searches/', 'DELETE /api/saved_searches/{id}/',
  'GET /api/sync/',
  'GET /api/check',
  'GET /api/openapi.json', 'GET /api/docs/', 'GET /api/docs/{file}',
  'GET /api/export/registry.json', 'GET /api/export/registry.csv', 'GET /api/export/registry.stix.json',
  'GET /feed.atom', 'GET /api/receipts/{token}/', 'GET /api/stats/',
  'POST /api/developers/bulk-reject/', 'POST /api/projects/bulk-reject/', 'POST /api/admin/scams/bulk-reject/',
  'POST /api/admin/developer-edit-requests/bulk-reject/', 'POST /api/removal-requests/bulk-reject/',
  'GET /api/admin/queue-counts/',
  'GET /api/search/', 'GET /api/search/options/', 'GET /api/search/lookup/',
];

const documented = (route: AnyRoute) => `${route.method} ${route.pattern.replace(/:(\w+)/g, '{$1}')}`;

describe('the route table', () => {
  it('when it is listed, then it holds every documented call once and nothing else', () => {
    const table = allRoutes().map(({ route }) => documented(route));

    expect(table.slice().sort()).toEqual(DOCUMENTED.slice().sort());
    expect(new Set(table).size).toBe(table.length);
  });

  it('when it is listed, then every route has a summary, who may call it, and a name of its own', () => {
    const all = allRoutes();

    for (const { name, route } of all) {
      expect(route.summary, name).toMatch(/\S/);
      expect(['anyone', 'signed-in', 'staff'], name).toContain(route.access);
    }
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(all.map((r) => r.name)).toContain('profiles.detail.developer');
  });

  it('when a route is per kind of profile, then each kind\'s route lives under that kind\'s segment', () => {
    for (const kind of PROFILE_KINDS) {
      for (const group of [routes.profiles, routes.incidents, routes.editRequests]) {
        for (const [name, entry] of Object.entries(group)) {
          if ('pattern' in entry) continue;
          expect(entry[kind].pattern, `${name} ${kind}`).toMatch(new RegExp(`^/api/${PROFILE_SEGMENTS[kind]}/`));
        }
      }
    }
  });
});

describe('path', () => {
  it('when a route has parameters, then they are filled in, encoded', () => {
    expect(routes.profiles.detail.developer.path({ id: 42 })).toBe('/api/developers/42/');
    expect(routes.incidents.submit.project.path({ id: 5 })).toBe('/api/projects/5/scams/submit/');
    expect(routes.savedSearches.remove.path({ id: 'a b/c' })).toBe('/api/saved_searches/a%20b%2Fc/');
  });

  it('when a query is given, then it follows in the order given, without the fields left undefined', () => {
    expect(routes.sync.page.path({ query: { since: 12, limit: 500 } })).toBe('/api/sync/?since=12&limit=500');
    expect(routes.profiles.list.developer.path({ query: { page: 2, page_size: 20, is_verified: undefined } }))
      .toBe('/api/developers/?page=2&page_size=20');
    expect(routes.filterOptions.list.path({ query: { category: 'Scam Type', search: 'ru' } }))
      .toBe('/api/filter-options/?category=Scam+Type&search=ru');
    expect(routes.auth.login.path()).toBe('/api/login/');
  });

  it('when staff ask for the profiles awaiting review, then the path is the documented ?is_verified=false&page_size=9999', () => {
    const path = routes.profiles.list.project.path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } });

    expect(path).toBe('/api/projects/?is_verified=false&page_size=9999');
  });

  it('when a parameter is missing or empty, then no path is made', () => {
    const route = routes.incidents.approve as AnyRoute;

    expect(() => route.path({})).toThrow(/no value for :id/);
    expect(() => route.path({ id: '' })).toThrow(/no value for :id/);
  });
});

describe('types', () => {
  it('when a route, a parameter or a query field is unknown or missing, then the code does not compile (npx tsc)', () => {
    const unknownRoute = () =>
      // @ts-expect-error -- there is no such route
      routes.incidents.remove;
    const missingParameter = () =>
      // @ts-expect-error -- the pattern has :id
      routes.incidents.approve.path();
    const unknownQueryField = () =>
      // @ts-expect-error -- the sync call's query has since and limit
      routes.sync.page.path({ query: { sinse: 1 } });
    const queryWhereThereIsNone = () =>
      // @ts-expect-error -- the sign-in has no query
      routes.auth.login.path({ query: { next: '/' } });

    expect([unknownRoute, missingParameter, unknownQueryField, queryWhereThereIsNone]).toHaveLength(4);
  });
});

describe('profile kinds in paths', () => {
  it('when a kind becomes its segment and back, then it is the same kind', () => {
    expect(PROFILE_SEGMENTS).toEqual({ developer: 'developers', project: 'projects' });
    for (const kind of PROFILE_KINDS) expect(kindOfSegment(PROFILE_SEGMENTS[kind])).toBe(kind);
  });
});
