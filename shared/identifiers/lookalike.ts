// Lookalikes (issue 16, step 3): a domain, Telegram handle or name that is not a listed one but
// would pass for it — the same confusable skeleton (Unicode TR39 product.md#states, from Unicode's own
// confusables.txt as the unhomoglyph package ships it), a registrable label a few edits away, or
// letters from scripts that are not normally mixed. A lookalike is a warning, never a match.
import { distance } from 'fastest-levenshtein';
import punycode from 'punycode/punycode.js';
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { canonicalize } from './identify';
import { readHost } from './web';

// ---------------------------------------------------------------- TR39 skeleton

let prototypes: ReadonlyMap<string, string> | null = null;
/** Unicode's confusables as source → prototype, built on first use (the data is ~100 KB). */
function prototypeTable(): ReadonlyMap<string, string> {
  prototypes ??= new Map(Object.entries(confusables as Readonly<Record<string, string>>));
  return prototypes;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The TR39 skeleton of a text: NFD, default-ignorable code points removed, each character
 * replaced by its prototype, NFD again. Two texts with the same skeleton look alike:
 * skeleton('pаypal') (Cyrillic а) === skeleton('paypal'). Not for display: 'm' becomes 'rn'.
 */
export function skeleton(text: string): string {
  const table = prototypeTable();
  let out = '';
  for (const ch of text.normalize('NFD').replace(IGNORABLE, '')) out += table.get(ch) ?? ch;
  return out.normalize('NFD');
}

/**
 * A skeleton for identifiers compared without case (domains, handles, names): the skeleton of
 * the text as written (a capital may be the lookalike: Cyrillic З for 3, I for l), lower-cased,
 * and its skeleton again since lower case has prototypes of its own.
 */
export function foldedSkeleton(text: string): string {
  return skeleton(skeleton(text).toLowerCase());
}

// ---------------------------------------------------------------- scripts

// the scripts TR39's restriction levels are about; letters of any other script count as one more
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko', 'Devanagari', 'Bengali',
  'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan',
  'Myanmar', 'Georgian', 'Hangul', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Khmer', 'Mongolian', 'Hiragana',
  'Katakana', 'Bopomofo', 'Han', 'Tifinagh', 'Coptic', 'Vai',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);
// a letter of none of them; Common and Inherited ones (the Japanese prolonged sound mark ー) are shared
const OTHER_LETTER = new RegExp(
  `(?=\\p{L})[^${[...SCRIPTS, 'Common', 'Inherited'].map((s) => `\\p{Script=${s}}`).join('')}]`, 'u',
);
const NON_ASCII = /[^\x00-\x7f]/; // eslint-disable-line no-control-regex
const LETTER = /\p{L}/u;
// TR39 "Highly Restrictive": one script, or Latin with the scripts written alongside Han
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of a text's letters (Common and Inherited characters, digits and marks left out). */
export function scriptsOf(text: string): string[] {
  if (!NON_ASCII.test(text)) return LETTER.test(text) ? ['Latin'] : [];
  const found: string[] = [];
  for (const [script, test] of SCRIPT_TESTS) if (test.test(text)) found.push(script);
  if (OTHER_LETTER.test(text)) found.push('Other');
  return found;
}

/** Letters from scripts that are not written together (TR39 "Highly Restrictive" fails): 'Аldric' with a Cyrillic А. */
export function isMixedScript(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.length < 2) return false;
  return !ALLOWED_MIXES.some((allowed) => scripts.every((s) => allowed.has(s)));
}

// ---------------------------------------------------------------- lookalikes

export type LookalikeKind = 'domain' | 'telegram' | 'name';

/** What a value is compared by; precompute it once per listed value when comparing many. */
export interface LookalikeForm {
  kind: LookalikeKind;
  /** The canonical form: equal canonical forms are a match, not a lookalike. */
  canonical: string;
  /** Domains: the registrable domain (another host of the same site is no lookalike); else the canonical form. */
  owner: string;
  /** The folded skeleton of the whole value (a domain's host in Unicode). */
  skeleton: string;
  /** The folded skeleton of the part edits are counted on: a domain's registrable label, else the whole value. */
  label: string;
}

export type LookalikeReason =
  | 'confusable' // the same skeleton: pаypal.com (Cyrillic а), paypa1.com, rnicrosoft.com
  | 'same_name' // the same registrable label under another suffix: paypal.co for paypal.com
  | 'edit_distance'; // a label a few edits away: paypall.com, aldric_web303

export interface Lookalike {
  reason: LookalikeReason;
  /** Edits between the labels' skeletons (0 for 'confusable' and 'same_name'). */
  distance: number;
}

/** Edits allowed between labels: none below 4 characters (too many short names are near each other). */
export const LOOKALIKE_EDITS = [
  { minLength: 8, edits: 2 },
  { minLength: 4, edits: 1 },
] as const;

function maxEdits(label: string): number {
  const length = [...label].length;
  return LOOKALIKE_EDITS.find((rule) => length >= rule.minLength)?.edits ?? 0;
}

const SPACES = /\s+/g;
// a handle as written in a message, in any script: '@аldric_web302', 't.me/аldric_web302'
const LOOSE_HANDLE = /^(?:(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\/)?@?([\p{L}\p{N}_]+)\/?$/u;

/** A value made ready for lookalike comparisons, or null when it is not of that kind. */
export function lookalikeForm(kind: LookalikeKind, text: string): LookalikeForm | null {
  if (kind === 'domain') {
    const read = canonicalize('domain', text);
    const host = read ? readHost(read.canonical) : null;
    if (read === null || host === null) return null;
    const unicodeLabel = punycode.toUnicode(host.label);
    return {
      kind, canonical: host.host, owner: host.registrable,
      skeleton: foldedSkeleton(punycode.toUnicode(host.host)), label: foldedSkeleton(unicodeLabel),
    };
  }
  if (kind === 'telegram') {
    // the handle as written, in any script ('@аldric_web302' is no Telegram handle, but a lookalike of one)
    const written = LOOSE_HANDLE.exec(text.trim())?.[1] ?? canonicalize('telegram', text)?.canonical;
    if (written === undefined) return null;
    const handle = written.toLowerCase();
    const folded = foldedSkeleton(written);
    return { kind, canonical: handle, owner: handle, skeleton: folded, label: folded };
  }
  const written = text.normalize('NFC').trim().replace(SPACES, ' ');
  if (written === '') return null;
  const name = written.toLowerCase();
  const folded = foldedSkeleton(written);
  return { kind, canonical: name, owner: name, skeleton: folded, label: folded };
}

/**
 * Whether `candidate` passes for `listed` without being it. Names are compared by skeleton
 * only: two people's names a letter apart are two people.
 */
export function compareLookalike(candidate: LookalikeForm, listed: LookalikeForm): Lookalike | null {
  if (candidate.kind !== listed.kind || candidate.owner === listed.owner) return null;
  if (candidate.skeleton === listed.skeleton) return { reason: 'confusable', distance: 0 };
  if (candidate.kind === 'name') return null;
  if (candidate.label === listed.label) return { reason: candidate.kind === 'domain' ? 'same_name' : 'confusable', distance: 0 };
  const allowed = maxEdits(listed.label);
  if (allowed === 0) return null;
  const edits = distance(candidate.label, listed.label);
  return edits <= allowed ? { reason: 'edit_distance', distance: edits } : null;
}

/** lookalikeForm() of both, then compareLookalike(). */
export function lookalike(kind: LookalikeKind, candidate: string, listed: string): Lookalike | null {
  const a = lookalikeForm(kind, candidate);
  const b = lookalikeForm(kind, listed);
  return a && b ? compareLookalike(a, b) : null;
}

export function isLookalike(kind: LookalikeKind, candidate: string, listed: string): boolean {
  return lookalike(kind, candidate, listed) !== null;
}
