// Building blocks every payload schema uses: trimmed texts, tolerant lists, amounts,
// currencies, dates, avatars and bank accounts. One rule each, shared by the form that
// builds a payload and the route that checks it.
import { z } from 'zod';
import {
  MAX_LIST_ITEMS, MAX_LIST_ITEM_CHARS, MAX_LONG_TEXT, MAX_SHORT_TEXT,
} from '../constants';
import { parseAmount, AMOUNT_RULE_MESSAGE } from '../domain/amount';
import { normalizeCurrency, CURRENCY_PATTERN } from '../domain/currency';
import { parseBankAccountString } from '../domain/bank-accounts';
import { avatarProblem } from '../domain/avatar';

/** Why a text with U+0000 is refused: the path in front names the field ("name: contains …"). */
export const NUL_MESSAGE = 'contains a NUL character (U+0000), which is not text: remove it';

/**
 * Every text the API takes, in a body or a query: a string without NUL (U+0000). NUL is no
 * character a person types, only junk a client sends, and PostgreSQL's text cannot store it
 * (decision 033), so it is refused where the text comes in. Use it wherever an input schema
 * would use z.string(): contract-inputs.test.ts finds any input text that does not.
 */
export const textInput = (params?: Parameters<typeof z.string>[0]) =>
  // not abort: an aborted check inside a union turns into zod's bare "Invalid input"
  z.string(params).refine((value) => !value.includes('\u0000'), NUL_MESSAGE);

/** A trimmed single-line text; blank becomes ''. */
export const shortText = textInput().trim().max(MAX_SHORT_TEXT, `must be at most ${MAX_SHORT_TEXT} characters`);
export const longText = textInput().trim().max(MAX_LONG_TEXT, `must be at most ${MAX_LONG_TEXT} characters`);

/** A required text: absent, blank or whitespace-only all give the same message. */
export const requiredText = (message: string, max: number = MAX_LONG_TEXT) =>
  textInput({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`);
export const optionalShortText = z.union([shortText, z.null()]).optional().transform((v) => v ?? '');
export const optionalLongText = z.union([longText, z.null()]).optional().transform((v) => v ?? '');

const listItem = textInput().max(MAX_LIST_ITEM_CHARS, `items must be at most ${MAX_LIST_ITEM_CHARS} characters`);

/**
 * A list of strings: each trimmed, blanks dropped, duplicates dropped (product.md#validation list inputs).
 * A single string is taken as a one-item list, since the wizard payload's singular names
 * (`nickname`, `website`) may carry either.
 */
export const stringList = z
  .union([listItem, z.array(listItem), z.null()])
  .optional()
  .transform((v) => {
    const items = v == null ? [] : Array.isArray(v) ? v : [v];
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of items) {
      const item = raw.trim();
      if (item && !seen.has(item)) { seen.add(item); out.push(item); }
    }
    return out;
  })
  .refine((list) => list.length <= MAX_LIST_ITEMS, `must have at most ${MAX_LIST_ITEMS} items`);

/** An amount as a number: numbers pass, texts must follow the shared amount rule. */
export const amount = z.union([z.number(), textInput()]).transform((v, ctx) => {
  const parsed = parseAmount(v);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_RULE_MESSAGE });
    return z.NEVER;
  }
  return parsed;
});
export const optionalAmount = z
  .union([z.number(), textInput(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v == null || (typeof v === 'string' && v.trim() === '')) return null;
    const parsed = parseAmount(v);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_RULE_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  });

/** Currency code, upper-cased (product.md#validation), USD when absent (product.md#constants). */
export const currency = z
  .union([textInput(), z.null()])
  .optional()
  .transform((v) => normalizeCurrency(v))
  .refine((v) => CURRENCY_PATTERN.test(v), 'must be a currency code of 2 to 10 letters or digits, like USD or USDT');

/** A calendar date or a date-time; kept as given, its first 10 characters are the date (product.md#screens). */
export const dateText = textInput()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be a date like 2025-03-14');
export const optionalDate = z.union([dateText, z.literal(''), z.null()]).optional().transform((v) => v || null);

/** docs/design.md#avatars: a PNG/JPEG/WebP data URL of at most 200 KB, or nothing. */
export const avatar = z
  .union([textInput(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v == null || v.trim() === '') return null;
    const problem = avatarProblem(v.trim());
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return v.trim();
  });

/** Texts of a kind: textInput for what a client sends, z.string for answers, which hold what is stored. */
type TextKind = () => z.ZodString;

const bankAccountOf = (text: TextKind) => z.strictObject({
  bank_name: text().trim().max(MAX_LIST_ITEM_CHARS),
  account: text().trim().max(MAX_LIST_ITEM_CHARS),
});
/** A bank account a client sends. */
export const bankAccount = bankAccountOf(textInput);
/** A bank account an answer carries: as stored (a registry written before textInput may hold a NUL). */
export const storedBankAccount = bankAccountOf(z.string);
export type BankAccount = z.infer<typeof bankAccount>;

/**
 * Bank accounts as product.md#entities allows them: objects or 'name:account' strings; pairs with both
 * sides empty are dropped, duplicates too.
 */
const bankAccountListOf = (text: TextKind) => z
  .union([z.array(z.union([bankAccountOf(text), text().max(MAX_LIST_ITEM_CHARS * 2)])), z.null()])
  .optional()
  .transform((v) => {
    const out: BankAccount[] = [];
    const seen = new Set<string>();
    for (const entry of v ?? []) {
      const pair = typeof entry === 'string' ? parseBankAccountString(entry) : entry;
      if (!pair.bank_name && !pair.account) continue;
      const key = `${pair.bank_name}\u0000${pair.account}`;
      if (!seen.has(key)) { seen.add(key); out.push(pair); }
    }
    return out;
  })
  .refine((list) => list.length <= MAX_LIST_ITEMS, `must have at most ${MAX_LIST_ITEMS} items`);
/** Bank accounts a client sends. */
export const bankAccountList = bankAccountListOf(textInput);
/** Bank accounts an answer carries (the spec's incident as read). */
export const storedBankAccountList = bankAccountListOf(z.string);

/** A positive integer id from a path or a body; numeric strings accepted. */
export const id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');

/** The spec's booleans may arrive as true or the string 'true' (product.md#entities current user). */
export const looseBoolean = z.union([z.boolean(), z.string()]).transform((v) => v === true || v === 'true');

export const profileKind = z.enum(['developer', 'project']);
export type ProfileKind = z.infer<typeof profileKind>;
