// GET /api/openapi.json (issue 20): the API description, made from the route table
// (shared/contract/routes.ts) and the zod schemas it names, so it cannot drift from what the
// server registers and checks. zod 4 writes each schema as JSON Schema 2020-12, the dialect of
// OpenAPI 3.1: a query's or body's schema as the request is written (`io: 'input'`), an answer's
// as it is sent. Errors are what the route's method, parameters, schemas and guards give it
// (docs/product.md#errors; README "The API"), plus those the table names.
import { z } from 'zod';
import { allRoutes, type AnyRoute } from '../../../shared/contract/routes';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../../shared/constants';
import { DATA_LICENCE } from '../../../shared/contract/open-data';

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: nothing was written; `error` says what to change.',
  401: 'Not signed in.',
  403: 'Not allowed: not staff, or the CSRF check failed (a write needs the csrftoken cookie echoed in X-CSRFToken).',
  404: 'No such item (or not public).',
  409: 'The item is no longer in a state this can be done in (a request already decided).',
  413: 'The request body is over 1 MB.',
  422: 'The Idempotency-Key was used before for another request.',
  429: 'Too many failed sign-ins: wait for Retry-After seconds.',
  503: 'The database cannot take the write now: nothing was written; try again after Retry-After seconds (a few while another write holds it, 60 when its storage is full or read-only).',
};

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'A message a person can read.' },
    details: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};

/** A zod schema as JSON Schema for the document: no `$schema` (the document's dialect applies). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** The statuses a route can answer besides success (see the file's head). */
export function errorStatuses(route: AnyRoute): number[] {
  const statuses = new Set<number>(route.errors);
  const writes = route.method !== 'GET';
  const params = /:\w+/.test(route.pattern);
  if (route.query || route.body) statuses.add(400);
  if (route.access !== 'anyone') statuses.add(401);
  if (route.access === 'staff' || writes) statuses.add(403);
  if (params) statuses.add(404); // a path id that is not a positive whole number is no item either
  if (route.body) statuses.add(413);
  if (writes) statuses.add(422);
  if (writes) statuses.add(503); // busy, or storage full or read-only (http/errors.ts)
  return [...statuses].sort((a, b) => a - b);
}

/** Express's ':id' as OpenAPI's '{id}'. */
const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

function parameters(route: AnyRoute): JsonSchema[] {
  const found: JsonSchema[] = [];
  for (const [, name] of route.pattern.matchAll(/:(\w+)/g)) {
    found.push({ name, in: 'path', required: true, schema: name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' } });
  }
  if (route.query) {
    const query = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      found.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (route.conditional) {
    found.push({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'An ETag of an earlier answer: 304 when it still holds.' });
  }
  if (route.method !== 'GET') {
    found.push(
      { name: CSRF_HEADER, in: 'header', required: true, schema: { type: 'string' }, description: 'The value of the csrftoken cookie.' },
      { name: IDEMPOTENCY_HEADER, in: 'header', required: false, schema: { type: 'string' }, description: 'A replay with the same key gets the stored answer.' },
    );
  }
  return found;
}

function operation(name: string, route: AnyRoute): JsonSchema {
  const success: JsonSchema = { description: 'Success.' };
  if (route.answer) success.content = { [route.answerType]: { schema: jsonSchema(route.answer, 'output') } };
  else if (route.answerType !== 'application/json') success.content = { [route.answerType]: {} };
  if (route.conditional) success.headers = { ETag: { schema: { type: 'string' } } };
  const responses: Record<string, JsonSchema> = { 200: success };
  if (route.conditional) responses[304] = { description: 'Not modified: the If-None-Match ETag still holds.' };
  for (const status of errorStatuses(route)) {
    responses[status] = { description: ERROR_TEXT[status] ?? 'Error.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const op: JsonSchema = {
    operationId: name,
    summary: route.summary,
    tags: [name.split('.')[0]],
    parameters: parameters(route),
    responses,
  };
  if (route.access !== 'anyone') op.security = [{ session: [] }];
  if (route.access === 'staff') op.description = 'Staff only.';
  else if (route.access === 'signed-in') op.description = 'Signed-in users only.';
  if (route.body) {
    const type = route.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    op.requestBody = { required: true, content: { [type]: { schema: jsonSchema(route.body, 'input') } } };
  }
  return op;
}

/** The whole description (OpenAPI 3.1). */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { name, route } of allRoutes()) {
    const path = (paths[openApiPath(route.pattern)] ??= {});
    path[route.method.toLowerCase()] = operation(name, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bustr registry API',
      version: '1',
      description: 'The public registry of reported crypto scammers and scam projects. Public reads need no account; '
        + `the verified registry is open data under ${DATA_LICENCE.name}: take it whole from the exports (\`/api/export/registry.json\`, `
        + '`.csv`, `.stix.json`), follow changes with `GET /api/sync/?since=<revision>` (each export gives its revision), '
        + 'or subscribe to `/feed.atom`. Writes need the `csrftoken` cookie echoed in `X-CSRFToken`.',
      license: { name: DATA_LICENCE.name, url: DATA_LICENCE.url },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'The session cookie set at sign-in.' } },
    },
  };
}
