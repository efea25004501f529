// Every call of the API, once (docs/product.md#calls; docs/style.md "Routes as data"): its
// method, its path pattern as the server registers it (Express 5 syntax, `:id`), a typed
// `path()` that builds it for a client, who may call it, a one-line summary and the zod
// schemas of its query, body and answer where the contract has them. The server's routers
// register from this table, the client's fetchers and the outbox's replay build their paths
// from it, tests hit it, and the API description (OpenAPI) can be generated from it.
// routes.test.ts pins every path to the documented one; server/app-routes.test.ts checks that
// the app registers each route exactly once and that no route hides another.
import { z } from 'zod';
import {
  bulkRejectAnswerSchema, bulkRejectSchema, pendingScamSchema, queueCountsQuerySchema, queueCountsSchema, queueQueryFor,
} from './admin';
import { checkAnswerSchema, checkQuerySchema } from './check';
import { currentUserSchema, loginFormSchema, loginResponseSchema } from './auth';
import type { ProfileKind } from './common';
import { editRequestSchema, editRequestSubmitSchema } from './edit-request';
import { filterOptionsQuerySchema } from './filter-options';
import { incidentListResponseSchema } from './incident';
import {
  profileCreateSchema, profileListQuerySchema, profileListResponseSchema, profileSchema,
  staffProfileSchema,
} from './profile';
import { registryExportSchema, registryStatsAnswerSchema, stixBundleSchema } from './open-data';
import { createdWithReceiptSchema, receiptSchema } from './receipt';
import { removalRequestSchema, removalRequestSubmitSchema } from './removal-request';
import { savedSearchCreateSchema, savedSearchSchema } from './saved-search';
import { scamSubmitSchema, wizardScamSchema } from './scam-submit';
import {
  searchAnswerSchema, searchLookupAnswerSchema, searchLookupQuerySchema, searchOptionsAnswerSchema, searchOptionsQuerySchema,
  searchQuerySchema,
} from './search';
import { syncLightPageSchema, syncPageSchema, syncQuerySchema } from './sync';

// ---------------------------------------------------------------------------------------------
// Profile kinds in paths

/**
 * docs/product.md#calls: scammers (kind 'developer') live under /api/developers/, projects under
 * /api/projects/. The one place that maps a profile kind to its path segment and back.
 */
export const PROFILE_SEGMENTS = { developer: 'developers', project: 'projects' } as const satisfies Record<ProfileKind, string>;
export type ProfileSegment = (typeof PROFILE_SEGMENTS)[ProfileKind];
export const PROFILE_KINDS = Object.keys(PROFILE_SEGMENTS) as ProfileKind[];

/** The profile kind of a path segment: 'developers' → 'developer'. */
export function kindOfSegment(segment: ProfileSegment): ProfileKind {
  return segment === PROFILE_SEGMENTS.developer ? 'developer' : 'project';
}

// ---------------------------------------------------------------------------------------------
// What a route is

export type Method = 'GET' | 'POST' | 'DELETE';

/** docs/product.md#roles: who may call a route (the server's guards answer 401/403 otherwise). */
export type Access = 'anyone' | 'signed-in' | 'staff';

/** The names of a pattern's parameters: '/api/admin/scams/:id/approve/' → 'id'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Schema = z.ZodType | undefined;
type QueryArg<Q extends Schema> = Q extends z.ZodType ? { query?: z.input<Q> } : { query?: never };

/** What `path()` takes: the pattern's parameters (if it has any) and the query (if the route has one). */
export type PathArgs<P extends string, Q extends Schema> = [ParamNames<P>] extends [never]
  ? [args?: QueryArg<Q>]
  : [args: { [K in ParamNames<P>]: number | string } & QueryArg<Q>];

export interface Route<
  M extends Method = Method, P extends string = string, Q extends Schema = Schema, B extends Schema = Schema, A extends Schema = Schema,
> {
  readonly method: M;
  /** as the server registers it: '/api/developers/:id/scams/' */
  readonly pattern: P;
  readonly access: Access;
  /** one line: what the call does */
  readonly summary: string;
  /** the query string's fields, where the contract has a schema for them */
  readonly query: Q;
  /** the request body, where the contract has a schema for it */
  readonly body: B;
  /** how the body is sent: JSON, or an HTML form (the sign-in, as the spec's login page posts it) */
  readonly bodyType: 'json' | 'form';
  /** the answer's body on success, where the contract has a schema for it */
  readonly answer: A;
  /** the answer's media type on success (JSON unless said) */
  readonly answerType: string;
  /** answered with an ETag and `Cache-Control: no-cache`: a request with If-None-Match may get a 304 */
  readonly conditional: boolean;
  /** error statuses beyond those its method, parameters, schemas and access give it (the API description lists them) */
  readonly errors: readonly number[];
  /** the path a client calls: the pattern with its parameters filled in, then the query */
  path(...args: PathArgs<P, Q>): string;
}

/** Any route of the table, whatever its types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest route: path()'s arguments differ per route
export type AnyRoute = Route<Method, string, Schema, Schema, Schema> & { path(...args: any[]): string };

interface RouteDef<M extends Method, P extends string, Q extends Schema, B extends Schema, A extends Schema> {
  method: M;
  pattern: P;
  access: Access;
  summary: string;
  query?: Q;
  body?: B;
  bodyType?: 'json' | 'form';
  answer?: A;
  answerType?: string;
  conditional?: boolean;
  errors?: readonly number[];
}

const PARAM = /:(\w+)/g;
const JSON_TYPE = 'application/json';

function route<
  const M extends Method, const P extends string, Q extends Schema = undefined, B extends Schema = undefined, A extends Schema = undefined,
>(def: RouteDef<M, P, Q, B, A>): Route<M, P, Q, B, A> {
  return {
    method: def.method,
    pattern: def.pattern,
    access: def.access,
    summary: def.summary,
    query: def.query as Q,
    body: def.body as B,
    bodyType: def.bodyType ?? 'json',
    answer: def.answer as A,
    answerType: def.answerType ?? JSON_TYPE,
    conditional: def.conditional ?? false,
    errors: def.errors ?? [],
    path: (...[args]: PathArgs<P, Q>) => buildPath(def.pattern, (args ?? {}) as PathValues),
  };
}

type PathValues = { query?: Record<string, unknown> } & Record<string, unknown>;

function buildPath(pattern: string, { query, ...params }: PathValues): string {
  const path = pattern.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type ProfileBase = `/api/${ProfileSegment}`;

/** One route per profile kind, built from the kind's base path ('/api/developers'). */
function perKind<R>(build: (base: ProfileBase) => R): Record<ProfileKind, R> {
  return { developer: build(`/api/${PROFILE_SEGMENTS.developer}`), project: build(`/api/${PROFILE_SEGMENTS.project}`) };
}

// ---------------------------------------------------------------------------------------------
// The table (docs/product.md#calls), grouped by the server feature that answers it

export const routes = {
  auth: {
    login: route({
      method: 'POST', pattern: '/api/login/', access: 'anyone', bodyType: 'form',
      body: loginFormSchema, answer: loginResponseSchema, errors: [429],
      summary: 'Sign in with a username and password; always answers { success, error }.',
    }),
    currentUser: route({
      method: 'GET', pattern: '/api/accounts/me/', access: 'anyone', answer: currentUserSchema,
      summary: 'Who is signed in (never cached); also hands a first visit its csrftoken cookie.',
    }),
    logout: route({
      method: 'POST', pattern: '/accounts/logout/', access: 'anyone', bodyType: 'form',
      summary: 'End the session.',
    }),
    adminGuard: route({
      method: 'GET', pattern: '/api/adminpanel/guard/', access: 'staff',
      summary: 'Answers 2xx for staff only: the admin panel renders after it.',
    }),
  },
  profiles: {
    list: perKind((base) => route({
      method: 'GET', pattern: `${base}/`, access: 'anyone', query: profileListQuerySchema, answer: profileListResponseSchema, conditional: true,
      summary: 'The verified profiles of the kind, a page at a time (ETag); staff: is_verified=false lists those awaiting review.',
    })),
    create: perKind((base) => route({
      method: 'POST', pattern: `${base}/`, access: 'anyone', body: profileCreateSchema, answer: createdWithReceiptSchema,
      summary: 'Report a profile; it is always stored unverified, awaiting review.',
    })),
    detail: perKind((base) => route({
      method: 'GET', pattern: `${base}/:id/`, access: 'anyone', answer: z.union([staffProfileSchema, profileSchema]),
      summary: 'One profile: visitors see it once verified, staff see any with its submission details.',
    })),
    verify: perKind((base) => route({
      method: 'POST', pattern: `${base}/:id/verify/`, access: 'staff',
      summary: 'Publish a profile to the registry.',
    })),
    reject: perKind((base) => route({
      method: 'POST', pattern: `${base}/:id/reject/`, access: 'staff',
      summary: 'Send a profile back: it leaves (or never reaches) the public registry.',
    })),
    bulkReject: perKind((base) => route({
      method: 'POST', pattern: `${base}/bulk-reject/`, access: 'staff', body: bulkRejectSchema, answer: bulkRejectAnswerSchema,
      summary: 'Send back many profiles awaiting review at once, with a reason for the audit log.',
    })),
  },
  incidents: {
    ofProfile: perKind((base) => route({
      method: 'GET', pattern: `${base}/:id/scams/`, access: 'anyone', answer: incidentListResponseSchema,
      summary: 'The approved incidents of a profile.',
    })),
    report: perKind((base) => route({
      method: 'POST', pattern: `${base}/:id/scams/`, access: 'anyone', body: wizardScamSchema, answer: createdWithReceiptSchema,
      summary: 'Report an incident of a profile, in the report wizard\'s payload; it awaits review.',
    })),
    submit: perKind((base) => route({
      method: 'POST', pattern: `${base}/:id/scams/submit/`, access: 'anyone', body: scamSubmitSchema, answer: createdWithReceiptSchema,
      summary: 'Report an incident of a profile, in the Add Scam form\'s payload; it awaits review.',
    })),
    pending: route({
      method: 'GET', pattern: '/api/admin/scams/pending/', access: 'staff', query: queueQueryFor('pendingScams'), answer: z.array(pendingScamSchema),
      summary: 'A page of the incidents awaiting review, oldest first (X-Total-Count, Link rel=next).',
    }),
    bulkReject: route({
      method: 'POST', pattern: '/api/admin/scams/bulk-reject/', access: 'staff', body: bulkRejectSchema, answer: bulkRejectAnswerSchema,
      summary: 'Reject many incidents awaiting review at once, with a reason for the audit log.',
    }),
    detail: route({
      method: 'GET', pattern: '/api/admin/scams/:id/', access: 'staff', answer: pendingScamSchema,
      summary: 'One incident, whatever its state.',
    }),
    approve: route({
      method: 'POST', pattern: '/api/admin/scams/:id/approve/', access: 'staff',
      summary: 'Approve an incident: it shows on its profile.',
    }),
    reject: route({
      method: 'POST', pattern: '/api/admin/scams/:id/reject/', access: 'staff',
      summary: 'Reject an incident.',
    }),
  },
  editRequests: {
    submit: perKind((base) => route({
      method: 'POST', pattern: `${base}/:id/edit-request/`, access: 'anyone', body: editRequestSubmitSchema, answer: createdWithReceiptSchema,
      summary: 'Propose changes to a public profile or its incidents; answers { id, case_id }.',
    })),
    pending: route({
      method: 'GET', pattern: '/api/admin/developer-edit-requests/', access: 'staff', query: queueQueryFor('editRequests'), answer: z.array(editRequestSchema),
      summary: 'A page of the edit requests awaiting review, of both kinds of profile, oldest first.',
    }),
    bulkReject: route({
      method: 'POST', pattern: '/api/admin/developer-edit-requests/bulk-reject/', access: 'staff', body: bulkRejectSchema,
      answer: bulkRejectAnswerSchema, summary: 'Refuse many edit requests at once, with a reason for the audit log.',
    }),
    approve: route({
      method: 'POST', pattern: '/api/admin/developer-edit-requests/:id/approve/', access: 'staff', errors: [409],
      summary: 'Apply the proposed changes.',
    }),
    reject: route({
      method: 'POST', pattern: '/api/admin/developer-edit-requests/:id/reject/', access: 'staff', errors: [409],
      summary: 'Refuse the proposed changes; nothing is applied.',
    }),
  },
  removalRequests: {
    submit: route({
      method: 'POST', pattern: '/api/removal-requests/', access: 'anyone', body: removalRequestSubmitSchema, answer: createdWithReceiptSchema,
      summary: 'Ask for a profile or an incident to be removed.',
    }),
    pending: route({
      method: 'GET', pattern: '/api/removal-requests/', access: 'staff', query: queueQueryFor('removalRequests'), answer: z.array(removalRequestSchema),
      summary: 'A page of the removal requests awaiting review, oldest first.',
    }),
    bulkReject: route({
      method: 'POST', pattern: '/api/removal-requests/bulk-reject/', access: 'staff', body: bulkRejectSchema,
      answer: bulkRejectAnswerSchema, summary: 'Refuse many removal requests at once, with a reason for the audit log.',
    }),
    process: route({
      method: 'POST', pattern: '/api/removal-requests/:id/process/', access: 'staff', errors: [409],
      summary: 'Remove the target from the registry.',
    }),
    reject: route({
      method: 'POST', pattern: '/api/removal-requests/:id/reject/', access: 'staff', errors: [409],
      summary: 'Refuse the removal: the target stays.',
    }),
  },
  moderation: {
    counts: route({
      method: 'GET', pattern: '/api/admin/queue-counts/', access: 'staff', query: queueCountsQuerySchema, answer: queueCountsSchema,
      summary: 'How many submissions of each kind await review, submitted in the date range (the admin panel\'s count chips).',
    }),
  },
  filterOptions: {
    list: route({
      method: 'GET', pattern: '/api/filter-options/', access: 'signed-in', query: filterOptionsQuerySchema,
      summary: 'The options of every filter category, or of one category matching a search.',
    }),
  },
  savedSearches: {
    list: route({
      method: 'GET', pattern: '/api/saved_searches/', access: 'signed-in', answer: z.array(savedSearchSchema),
      summary: 'The signed-in person\'s newest saved searches.',
    }),
    create: route({
      method: 'POST', pattern: '/api/saved_searches/', access: 'signed-in', body: savedSearchCreateSchema, answer: savedSearchSchema,
      summary: 'Save a search.',
    }),
    remove: route({
      method: 'DELETE', pattern: '/api/saved_searches/:id/', access: 'signed-in',
      summary: 'Delete a saved search.',
    }),
  },
  check: {
    lookup: route({
      method: 'GET', pattern: '/api/check', access: 'anyone', query: checkQuerySchema, answer: checkAnswerSchema, conditional: true,
      summary: 'What a pasted identifier is, the verified profiles that hold it and those it only looks like (ETag).',
    }),
  },
  search: {
    page: route({
      method: 'GET', pattern: '/api/search/', access: 'anyone', query: searchQuerySchema, answer: searchAnswerSchema,
      summary: 'One page of the registry for a search (kind, q, filters as JSON, page): 20 profiles with scores and the total (ETag).',
    }),
    options: route({
      method: 'GET', pattern: '/api/search/options/', access: 'anyone', query: searchOptionsQuerySchema, answer: searchOptionsAnswerSchema,
      summary: "A filter category's options over the registry's profiles of a kind, with counts (ETag).",
    }),
    lookup: route({
      method: 'GET', pattern: '/api/search/lookup/', access: 'anyone', query: searchLookupQuerySchema, answer: searchLookupAnswerSchema,
      summary: 'A pasted value looked up in both kinds: the profiles holding it and those it looks like (ETag).',
    }),
  },
  sync: {
    page: route({
      method: 'GET', pattern: '/api/sync/', access: 'anyone', query: syncQuerySchema, answer: z.union([syncPageSchema, syncLightPageSchema]), conditional: true,
      summary: 'What changed in the public registry since a revision: profiles, tombstones and the next cursor (ETag); form=light: the profiles in columns, without incidents and avatars.',
    }),
  },
  /** issue 20, open data (README.md "Open data"): the API description, exports of the verified registry, the feed */
  openData: {
    openapi: route({
      method: 'GET', pattern: '/api/openapi.json', access: 'anyone', answerType: 'application/vnd.oai.openapi+json',
      summary: 'This description of the API (OpenAPI 3.1), made from the route table and its schemas.',
    }),
    docs: route({
      method: 'GET', pattern: '/api/docs/', access: 'anyone', answerType: 'text/html',
      summary: 'The API reference: this description, readable (rendered on our own origin).',
    }),
    docsAsset: route({
      method: 'GET', pattern: '/api/docs/:file', access: 'anyone', answerType: 'application/octet-stream',
      summary: 'A file of the API reference page (its script and style).',
    }),
    exportJson: route({
      method: 'GET', pattern: '/api/export/registry.json', access: 'anyone', answer: registryExportSchema, conditional: true,
      summary: 'Every verified profile with its approved incidents, at one revision (CC BY 4.0; compressed, ETag).',
    }),
    exportCsv: route({
      method: 'GET', pattern: '/api/export/registry.csv', access: 'anyone', answerType: 'text/csv', conditional: true,
      summary: 'One row per identifier a verified profile holds, in canonical form (CC BY 4.0; compressed, ETag).',
    }),
    exportStix: route({
      method: 'GET', pattern: '/api/export/registry.stix.json', access: 'anyone', answer: stixBundleSchema,
      answerType: 'application/stix+json;version=2.1', conditional: true,
      summary: 'A STIX 2.1 bundle of indicators, one per identifier a verified profile holds (CC BY 4.0; compressed, ETag).',
    }),
    stats: route({
      method: 'GET', pattern: '/api/stats/', access: 'anyone', answer: registryStatsAnswerSchema, conditional: true,
      summary: 'The registry in figures: profiles, incidents, reported losses by currency and month, common scam types and identifier kinds (ETag).',
    }),
    feed: route({
      method: 'GET', pattern: '/feed.atom', access: 'anyone', answerType: 'application/atom+xml', conditional: true,
      summary: 'An Atom feed (RFC 4287) of newly verified profiles and approved incidents.',
    }),
  },
  /** issue 20: what became of a submission, by the private token its answer gave */
  receipts: {
    read: route({
      method: 'GET', pattern: '/api/receipts/:token/', access: 'anyone', answer: receiptSchema,
      summary: 'The status of a submission and when it last changed, by its receipt token; nothing of its contents.',
    }),
  },
} as const;

export type Routes = typeof routes;

/** Every route of the table with its name ('profiles.detail.developer'), in table order. */
export function allRoutes(): { name: string; route: AnyRoute }[] {
  const found: { name: string; route: AnyRoute }[] = [];
  const visit = (node: object, name: string) => {
    if (isRoute(node)) found.push({ name, route: node });
    else for (const [key, child] of Object.entries(node)) visit(child as object, name ? `${name}.${key}` : key);
  };
  visit(routes, '');
  return found;
}

function isRoute(node: object): node is AnyRoute {
  return 'pattern' in node && 'method' in node;
}
