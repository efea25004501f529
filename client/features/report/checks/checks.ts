// Checks each value of the identifier fields as it is added (issue 16, step 6): its reading
// (read-values.ts, loaded on first use) and, when the app gives a lookup, the listed profiles
// that already hold it. Both arrive after the value shows, so the note is read out as it appears.
import { useEffect, useRef, useState } from 'react';
import { LISTED_FIELDS, type IdentifierListField } from './identifier-fields';
import { useReportLookup, type IdentifierLookup, type ListedLookalike, type ListedMatch } from './lookup';
import type { ValueReading } from './read-values';

export interface ValueCheck {
  reading: ValueReading;
  /** listed profiles holding it, one entry per profile */
  matches: readonly ListedMatch[];
  lookalikes: readonly ListedLookalike[];
}

export type IdentifierLists = Partial<Record<IdentifierListField, readonly string[]>>;

let reader: Promise<typeof import('./read-values')> | null = null;

/** The identifier rules, loaded once, when a form first checks a value (not as it opens: it opens faster). */
export function loadReader(): Promise<typeof import('./read-values')> {
  reader ??= import('./read-values');
  reader.catch(() => { reader = null; }); // tried again next time (e.g. a chunk missing offline)
  return reader;
}

function onePerProfile<T extends ListedMatch>(field: IdentifierListField, found: readonly T[] | undefined): T[] {
  const allowed = LISTED_FIELDS[field];
  const seen = new Set<string>();
  return (found ?? []).filter((m) => {
    const key = `${m.profileKind}:${m.id}`;
    if (!allowed.includes(m.field) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function checkValue(field: IdentifierListField, value: string, lookup: IdentifierLookup | undefined): Promise<ValueCheck> {
  const { readValue } = await loadReader();
  const reading = readValue(field, value);
  if (!lookup || reading.identifier === null) return { reading, matches: [], lookalikes: [] };
  try {
    const answer = await lookup(value);
    const matches = onePerProfile(field, answer.matches);
    const matched = new Set(matches.map((m) => `${m.profileKind}:${m.id}`));
    const lookalikes = onePerProfile(field, answer.lookalikes).filter((l) => !matched.has(`${l.profileKind}:${l.id}`));
    return { reading, matches, lookalikes };
  } catch (error) {
    // the warning about the value itself still shows; the registry could not be asked
    console.error('Looking up an identifier in the registry failed', error);
    return { reading, matches: [], lookalikes: [] };
  }
}

const keyOf = (field: IdentifierListField, value: string) => `${field}\n${value}`;

/**
 * The check of every value in `lists`, as `checkOf(field, value)` (undefined until it is done).
 * Each value is checked once per lookup the app gives.
 */
export function useIdentifierChecks(lists: IdentifierLists): (field: IdentifierListField, value: string) => ValueCheck | undefined {
  const { lookup } = useReportLookup();
  const [done, setDone] = useState<{ lookup: IdentifierLookup | undefined; checks: ReadonlyMap<string, ValueCheck> }>(
    () => ({ lookup, checks: new Map() }),
  );
  const started = useRef<{ lookup: IdentifierLookup | undefined; keys: Set<string> }>({ lookup, keys: new Set() });

  useEffect(() => {
    if (started.current.lookup !== lookup) started.current = { lookup, keys: new Set() };
    const { keys } = started.current;
    for (const [field, values] of Object.entries(lists) as [IdentifierListField, readonly string[]][]) {
      for (const value of values) {
        const key = keyOf(field, value);
        if (keys.has(key)) continue;
        keys.add(key);
        checkValue(field, value, lookup).then(
          (check) => {
            if (started.current.lookup !== lookup) return; // the app gave another lookup meanwhile
            setDone((now) => {
              const checks = new Map(now.lookup === lookup ? now.checks : []);
              checks.set(key, check);
              return { lookup, checks };
            });
          },
          (error: unknown) => {
            keys.delete(key);
            console.error('Checking an identifier failed', error);
          },
        );
      }
    }
  }, [lists, lookup]);

  return (field, value) => (done.lookup === lookup ? done.checks.get(keyOf(field, value)) : undefined);
}
