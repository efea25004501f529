// The generic editor of a rejected outbox entry (PendingControl): which parts of an action a
// person may change, and how the edited texts go back into the action. Only strings and lists
// of strings are offered; ids, the action's kind and target, avatars and anything nested stay
// as they were. The full forms replace this editor in a later issue.
import type { OutboxAction } from '../../local/outbox-types';

export type FieldPath = (string | number)[];

export interface EditableField {
  /** where the value sits in the action, e.g. ['incidents', 0, 'description'] */
  path: FieldPath;
  /** stable key for React and for the edited values */
  key: string;
  label: string;
  kind: 'text' | 'long-text' | 'list';
  /** what the input shows: the text, or the list joined by ', ' */
  value: string;
}

export interface FieldGroup {
  title: string;
  fields: EditableField[];
}

/** what says which record the action is about: never edited here */
const FIXED_KEYS = new Set(['type', 'kind', 'profileId', 'profileName', 'targetName']);
/** fields a text input cannot sensibly hold or that the server sets anyway */
const SKIPPED_KEYS = new Set(['avatar', 'verification_status', 'is_verified', 'target_type', 'case_id']);
const LONG_TEXT_KEYS = /description|bio|explanation|contact/i;
export const LIST_SEPARATOR = ',';

/** 'lostAmount' / 'scam_type' -> 'Lost amount' / 'Scam type' */
export function humanize(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((item) => typeof item === 'string');

function fieldsOf(record: Record<string, unknown>, base: FieldPath): EditableField[] {
  const fields: EditableField[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (SKIPPED_KEYS.has(key)) continue;
    const path = [...base, key];
    const common = { path, key: path.join('.'), label: humanize(key) };
    if (typeof value === 'string') {
      fields.push({ ...common, kind: LONG_TEXT_KEYS.test(key) ? 'long-text' : 'text', value });
    } else if (typeof value === 'number') {
      // amounts are accepted as texts by the shared schema; other numbers are ids: left alone
      if (/amount/i.test(key)) fields.push({ ...common, kind: 'text', value: String(value) });
    } else if (isStringList(value)) {
      fields.push({ ...common, kind: 'list', value: value.join(`${LIST_SEPARATOR} `) });
    }
  }
  return fields;
}

/**
 * The groups of editable fields of an action: one per nested payload ('Profile', 'Incident 1', …),
 * in the order the outbox sends them. `stepsDone` (the entry's results.length) of them already
 * reached the server; a change to those would never be sent (client/local/outbox.ts
 * updateAction), so they come back in `sent`, to be shown as such, not edited.
 */
export function editableGroups(action: OutboxAction, stepsDone = 0): { groups: FieldGroup[]; sent: string[] } {
  const all: FieldGroup[] = [];
  for (const [key, value] of Object.entries(action)) {
    if (FIXED_KEYS.has(key)) continue;
    if (isRecord(value)) {
      all.push({ title: humanize(key), fields: fieldsOf(value, [key]) });
    } else if (Array.isArray(value)) {
      const singular = humanize(key).replace(/s$/, '');
      value.forEach((item, index) => {
        if (isRecord(item)) all.push({ title: `${singular} ${index + 1}`, fields: fieldsOf(item, [key, index]) });
      });
    }
  }
  // one call per group: a report is its profile, then each incident; the others one payload
  return {
    groups: all.slice(stepsDone).filter((group) => group.fields.length > 0),
    sent: all.slice(0, stepsDone).map((group) => group.title),
  };
}

/** A copy of the action with the edited texts put back (lists split at commas, blanks dropped). */
export function applyEdits(action: OutboxAction, groups: FieldGroup[], edited: Record<string, string>): OutboxAction {
  const copy = structuredClone(action) as unknown as Record<string, unknown>;
  for (const field of groups.flatMap((group) => group.fields)) {
    const text = edited[field.key];
    if (text === undefined || text === field.value) continue;
    const value = field.kind === 'list'
      ? text.split(LIST_SEPARATOR).map((item) => item.trim()).filter(Boolean)
      : text;
    setAt(copy, field.path, value);
  }
  return copy as unknown as OutboxAction;
}

function setAt(root: Record<string, unknown>, path: FieldPath, value: unknown) {
  let node: unknown = root;
  for (const step of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[step];
  (node as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}
