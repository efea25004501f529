// GET /api/search/, /api/search/options/, /api/search/lookup/ (issue 17): the registry searched on
// the server, for a device whose replica is not complete yet. The same answers as the search on
// the device (shared/search/answers.ts over shared/search/index): one page of the registry with
// match scores and what the query reads as, a filter category's options, a pasted value looked
// up. Public and the same for everyone at a revision (ETag, like the other public reads).
// Only plain tables of shared/identifiers are imported here (this file is part of the route
// table the client's first download carries).
import { z } from 'zod';
import { CHECK_QUERY_MAX_CHARS, REGISTRY_PAGE_SIZE } from '../constants';
import { FILTER_CATEGORIES, type FilterCategory } from '../search/facets';
import type { IdentifierLookup, RegistryAnswer } from '../search/answers';
import { IDENTIFIER_KINDS, IDENTIFIER_PROBLEMS, type IdentifierProblem } from '../identifiers/types';
import { NUL_MESSAGE, profileKind, textInput } from './common';
import { syncProfileSchema } from './sync';

/** The most filter values a search call reads, in all (a screen selects a handful). */
export const SEARCH_MAX_FILTER_VALUES = 200;
/** The highest page asked for (100k profiles are 5000 pages); one past the end answers the last. */
export const SEARCH_MAX_PAGE = 1_000_000;


const kindField = z.enum(['developer', 'project'], { error: 'kind must be developer or project' }).default('developer');

const queryText = (what: string) => textInput({ error: `Give ${what} once, as one text.` })
  .max(CHECK_QUERY_MAX_CHARS, `is too long: at most ${CHECK_QUERY_MAX_CHARS} characters are searched.`);

const filterValues = z.array(textInput().max(200, 'a filter value is at most 200 characters'));
/** made once: every search call's filters are read with it (made per call, it cost more than reading them) */
const filtersRecord = z.partialRecord(z.enum(FILTER_CATEGORIES), filterValues);

/** The selected filter values by category, sent as JSON (`{"Scam Type":["Rug Pull"]}`). */
const filtersParam = textInput({ error: 'Give filters once, as JSON.' })
  .default('{}')
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters is not JSON: send an object of category → list of values, e.g. {"Scam Type":["Rug Pull"]}.' });
      return z.NEVER;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'filters is an object of category → list of values, e.g. {"Scam Type":["Rug Pull"]}.' });
      return z.NEVER;
    }
    const unknown = Object.keys(value).find((key) => !(FILTER_CATEGORIES as readonly string[]).includes(key));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${unknown.slice(0, 50)}" is no filter category: a filter category is one of ${FILTER_CATEGORIES.join(', ')}.` });
      return z.NEVER;
    }
    const parsed = filtersRecord.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const category = String(issue.path[0]);
      ctx.addIssue({
        code: 'custom',
        message: issue.message === NUL_MESSAGE
          ? `a value of ${category} ${NUL_MESSAGE}`
          : `the values of ${category} are a list of texts of at most 200 characters each.`,
      });
      return z.NEVER;
    }
    const count = Object.values(parsed.data).reduce((n, values) => n + (values?.length ?? 0), 0);
    if (count > SEARCH_MAX_FILTER_VALUES) {
      ctx.addIssue({ code: 'custom', message: `filters: at most ${SEARCH_MAX_FILTER_VALUES} values in all.` });
      return z.NEVER;
    }
    return parsed.data as Partial<Record<FilterCategory, string[]>>;
  });

export const searchQuerySchema = z.object({
  kind: kindField,
  q: queryText('q').default(''),
  filters: filtersParam,
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int('page is a whole number from 1')
    .min(1, 'page is a whole number from 1').max(SEARCH_MAX_PAGE, `page is at most ${SEARCH_MAX_PAGE}`).default(1),
});
export type SearchCallQuery = z.output<typeof searchQuerySchema>;

export const searchOptionsQuerySchema = z.object({
  kind: kindField,
  category: z.enum(FILTER_CATEGORIES, { error: `category must be one of: ${FILTER_CATEGORIES.join(', ')}` }),
});

export const searchLookupQuerySchema = z.object({
  q: queryText('q').trim().min(1, 'Type or paste something to look up: the text is empty.'),
});

const identifierKind = z.enum(IDENTIFIER_KINDS);
const identifierField = z.enum(['id', 'walletAddresses', 'phone', 'email', 'website', 'telegram', 'ipAddresses', 'bankAccounts']);
const queryReading = z.object({
  kind: identifierKind,
  canonical: z.string(),
  valid: z.boolean(),
  problem: z.enum(Object.keys(IDENTIFIER_PROBLEMS) as [IdentifierProblem, ...IdentifierProblem[]]).optional(),
});
const identifierMatch = z.object({ kind: identifierKind, field: identifierField, value: z.string() });
const lookalikeWarning = z.object({
  id: z.number().int(),
  profileKind,
  name: z.string(),
  as: z.enum(['domain', 'telegram', 'name']),
  field: z.union([identifierField, z.literal('name')]),
  value: z.string(),
  reason: z.enum(['confusable', 'same_name', 'edit_distance']),
});

/** One page of the registry: its profiles as the replica stores them, with their scores. */
export const searchAnswerSchema = z.object({
  kind: profileKind,
  /** the page shown: the one asked for, or the last there is when it lies past the end */
  page: z.number().int().min(1),
  /** REGISTRY_PAGE_SIZE at most */
  items: z.array(z.object({ profile: syncProfileSchema, score: z.number(), matched: identifierMatch.optional() })).max(REGISTRY_PAGE_SIZE),
  total: z.number().int().min(0),
  readings: z.array(queryReading),
  otherKind: z.object({ kind: profileKind, total: z.number().int() }).nullable(),
  lookalikes: z.array(lookalikeWarning),
  /** the registry revision answered */
  revision: z.number().int(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const searchOptionsAnswerSchema = z.object({
  options: z.array(z.object({ value: z.string(), count: z.number().int() })),
  revision: z.number().int(),
});
export type SearchOptionsAnswer = z.infer<typeof searchOptionsAnswerSchema>;

export const searchLookupAnswerSchema = z.object({
  readings: z.array(queryReading),
  matches: z.array(z.object({ id: z.number().int(), profileKind, name: z.string() }).extend(identifierMatch.shape)),
  lookalikes: z.array(lookalikeWarning),
  revision: z.number().int(),
});
export type SearchLookupAnswer = z.infer<typeof searchLookupAnswerSchema>;

// the schemas say what the shared answers are (a change to one shows here)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const answersAgree: Same<Omit<SearchAnswer['items'][number], 'profile'>['matched'], RegistryAnswer['items'][number]['matched']>
  & Same<Omit<SearchLookupAnswer, 'revision'>, IdentifierLookup> = true;
void answersAgree;
