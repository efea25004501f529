// A form's value that is kept in the drafts table (client/local) while the person types, so
// closing the dialog, reloading the page or losing the tab never loses it (product.md#states ("Scam draft:
// closing keeps data")). The value is read each time the form becomes active, saved a moment
// after each change and at once when the form closes or unmounts; a value with no content
// removes the stored draft instead of keeping an empty one.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft, type RegistryDb } from '../../local';

/** typing saves this long after the last change (closing saves at once) */
export const DRAFT_SAVE_DELAY_MS = 300;

export interface StoredDraftOptions<T> {
  /** the drafts table key, e.g. 'scam:developer:17' or 'wizard:developer' */
  key: string;
  /** read when this becomes true; saved at once when it becomes false */
  active: boolean;
  db: RegistryDb;
  /** the value when nothing (readable) is stored */
  fallback(): T;
  normalize(stored: unknown): T | null;
  hasContent(value: T): boolean;
}

export interface StoredDraft<T> {
  /** null until the stored value has been read */
  value: T | null;
  update(change: (value: T) => T): void;
  /** replaces the value and stores it at once (e.g. the fresh form after a submit) */
  replace(value: T): Promise<void>;
  /** stores what is waiting to be stored, now */
  flush(): Promise<void>;
}

export function useStoredDraft<T>(options: StoredDraftOptions<T>): StoredDraft<T> {
  const { key, active, db } = options;
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef<{ key: string; value: T } | null>(null);
  const pending = useRef<{ key: string; value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const opts = useRef(options);
  useLayoutEffect(() => { opts.current = options; });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    try {
      if (opts.current.hasContent(next.value)) await saveDraft(next.key, next.value, db);
      else await clearDraft(next.key, db);
    } catch (error) {
      console.error('Saving the draft on this device failed', error);
    }
  }, [db]);

  useEffect(() => {
    if (!active) return;
    let current = true;
    const settle = (value: T) => {
      if (!current) return;
      latest.current = { key, value };
      setState(latest.current);
    };
    loadDraft(key, db).then(
      (stored) => settle(opts.current.normalize(stored) ?? opts.current.fallback()),
      (error: unknown) => {
        console.error('Reading the draft on this device failed', error);
        settle(opts.current.fallback());
      },
    );
    return () => {
      current = false;
      void flush();
      latest.current = null;
      setState(null);
    };
  }, [active, key, db, flush]);

  useEffect(() => () => { void flush(); }, [flush]);

  const schedule = useCallback((next: { key: string; value: T }) => {
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => { void flush(); }, DRAFT_SAVE_DELAY_MS);
  }, [flush]);

  const update = useCallback((change: (value: T) => T) => {
    const now = latest.current;
    if (!now) return;
    const next = { key: now.key, value: change(now.value) };
    latest.current = next;
    setState(next);
    schedule(next);
  }, [schedule]);

  const replace = useCallback(async (value: T) => {
    const now = latest.current;
    if (!now) return;
    const next = { key: now.key, value };
    latest.current = next;
    setState(next);
    pending.current = next;
    await flush();
  }, [flush]);

  return { value: state && state.key === key ? state.value : null, update, replace, flush };
}
