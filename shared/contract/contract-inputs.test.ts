// Every text the route table takes in a query or a body refuses NUL (U+0000) through one helper,
// textInput (common.ts): this walks each route's input schemas down to their strings, so a new
// field written with a bare z.string() fails here before a NUL reaches the database.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NUL_MESSAGE } from './common';
import { allRoutes } from './routes';

/** Input texts that are not refused for a NUL, and why. */
const NOT_REFUSED: Record<string, string> = {
  // a link's next with a NUL falls back to the default path (safeNextPath), as any unsafe next does
  'auth.login body.next': 'a redirect hint, never stored',
};

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

/** The string schemas reachable from an input schema, each with where it sits. */
function stringsOf(schema: z.ZodType, at: string, found: { at: string; schema: z.ZodType }[] = []): typeof found {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const visit = (child: z.ZodType | undefined, where: string) => { if (child) stringsOf(child, where, found); };
  switch (def.type) {
    case 'string': found.push({ at, schema }); break;
    case 'object': for (const [key, child] of Object.entries(def.shape!)) visit(child, `${at}.${key}`); break;
    case 'union': def.options!.forEach((option) => visit(option, at)); break;
    case 'pipe': visit(def.in, at); visit(def.out, at); break;
    case 'array': visit(def.element, `${at}[]`); break;
    case 'record': visit(def.keyType, `${at}{key}`); visit(def.valueType, `${at}{}`); break;
    case 'intersection': visit(def.left, at); visit(def.right, at); break;
    default: visit(def.innerType, at); // optional, nullable, default, prefault, readonly, catch…
  }
  return found;
}

const formatOf = (schema: z.ZodType): string | undefined => (schema as unknown as { _zod: { def: { format?: string } } })._zod.def.format;

const inputTexts = allRoutes().flatMap(({ name, route }) => [
  ...(route.query ? stringsOf(route.query, `${name} query`) : []),
  ...(route.body ? stringsOf(route.body, `${name} body`) : []),
]);

describe('the texts the API takes', () => {
  it('when the route table is walked, then it finds the texts of the public forms and queries', () => {
    const places = inputTexts.map((text) => text.at);
    for (const place of ['profiles.create.developer body.name', 'removalRequests.submit body.explanation', 'check.lookup query.q', 'search.page query.q']) {
      expect(places).toContain(place);
    }
  });

  it('when a text holds a NUL, then every input text of every route refuses it with the NUL message', () => {
    const letThrough = inputTexts
      .filter(({ at }) => !(at in NOT_REFUSED))
      .filter(({ schema }) => {
        const result = schema.safeParse('Jane\u0000Roe');
        if (result.success) return true;
        // a string of a fixed format (the queues' ISO dates) refuses it as not of that format
        if (formatOf(schema)) return false;
        return !result.error.issues.some((issue) => issue.message === NUL_MESSAGE);
      })
      .map(({ at }) => at);
    expect(letThrough).toEqual([]);
  });
});
