// GET /api/check?q=<text> (issue 16): what a pasted text is, the verified profiles that hold it,
// and the listed ones it only looks like. Public and the same for everyone at a revision; it
// names profiles and the values they show, never anything of the people who reported them.
// Only the identifier module's plain tables are imported here (identifiers/types.ts), not its
// readers: this file is part of the route table the client's first bundle carries.
import { z } from 'zod';
import { sharingProfileSchema } from './shared-identifiers';
import { CHECK_QUERY_MAX_CHARS } from '../constants';
import { IDENTIFIER_KINDS, IDENTIFIER_PROBLEMS, type IdentifierProblem } from '../identifiers/types';
import { profileKind, textInput } from './common';

export const checkQuerySchema = z.object({
  q: textInput({
    error: (issue) => (issue.input === undefined
      ? 'Give the text to check as q, e.g. /api/check?q=t.me/some_handle.'
      : 'Give q once, as one text.'),
  })
    .trim()
    .min(1, 'Type or paste something to check: the text is empty.')
    .max(CHECK_QUERY_MAX_CHARS, `The text is too long: at most ${CHECK_QUERY_MAX_CHARS} characters are read as an identifier.`),
});
export type CheckQuery = z.infer<typeof checkQuerySchema>;

const identifierKind = z.enum(IDENTIFIER_KINDS);
const identifierProblem = z.enum(Object.keys(IDENTIFIER_PROBLEMS) as [IdentifierProblem, ...IdentifierProblem[]]);

/** One thing the text can be (shared/identifiers identify(): most likely first). */
export const identifierReadingSchema = z.object({
  kind: identifierKind,
  canonical: z.string(),
  valid: z.boolean(),
  /** why it is not valid: a key of IDENTIFIER_PROBLEMS */
  problem: identifierProblem.optional(),
  /** domains: the registrable domain (Public Suffix List) */
  registrable: z.string().optional(),
});
export type IdentifierReading = z.infer<typeof identifierReadingSchema>;

/**
 * The verified profile, and the value it shows that has the same canonical form as one reading of
 * the text (field: walletAddresses, phone, email, website, telegram, ipAddresses, bankAccounts, or
 * id for a case id) — a sharing profile as staff see it, with the reading that matched.
 */
export const checkMatchSchema = sharingProfileSchema.extend({
  identifier_kind: identifierKind,
});
export type CheckMatch = z.infer<typeof checkMatchSchema>;

/** A verified profile's value the text passes for without being it: a warning, never a match. */
export const checkLookalikeSchema = z.object({
  id: z.number().int(),
  kind: profileKind,
  name: z.string(),
  case_id: z.string(),
  /** website, telegram, or name */
  field: z.string(),
  value: z.string(),
  /** what the text was compared as */
  compared_as: z.enum(['domain', 'telegram', 'name']),
  /** confusable: the same look (Unicode TR39 skeleton); same_name: the same name under another suffix; edit_distance: a character or two apart */
  reason: z.enum(['confusable', 'same_name', 'edit_distance']),
  /** edits between the compared labels (0 unless edit_distance) */
  distance: z.number().int(),
});
export type CheckLookalike = z.infer<typeof checkLookalikeSchema>;

export const checkAnswerSchema = z.object({
  /** the text as read (trimmed) */
  query: z.string(),
  /** the most likely reading; null when the text is no identifier */
  kind: identifierKind.nullable(),
  canonical: z.string().nullable(),
  valid: z.boolean(),
  problem: identifierProblem.optional(),
  readings: z.array(identifierReadingSchema),
  matches: z.array(checkMatchSchema),
  lookalikes: z.array(checkLookalikeSchema),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;
