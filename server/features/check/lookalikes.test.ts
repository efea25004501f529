// The lookalike index against the scan it replaces: for any text, it finds exactly the listed
// domains, handles and names that compareLookalike, run over every listed value, would name.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/connection';
import { engineOver } from '../../db/engine/engine';
import { seedDemo } from '../../demo/seeding';
import { touchProfile, tombstoneProfile } from '../../db/revision';
import { compareLookalike, lookalikeForm, type LookalikeForm } from '../../../shared/identifiers';
import { buildLookalikesLater, LookalikeIndex, lookalikeIndex, type Listed } from './lookalikes';

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  seedDemo(db, { profiles: 250 });
});
afterEach(() => db.close());

type Value = { profileId: number; kind: 'domain' | 'telegram'; canonical: string; value: string };
const values = (): Value[] => (db.prepare("SELECT profile_id AS profileId, kind, canonical, value FROM profile_identifiers WHERE kind IN ('domain', 'telegram')").all() as Value[]);
const names = () => db.prepare("SELECT id, name FROM profiles WHERE verification_status = 'verified'").all() as { id: number; name: string }[];

/** What a scan of every listed value finds. */
function scan(text: string): string[] {
  const found: string[] = [];
  for (const kind of ['domain', 'telegram'] as const) {
    const form = lookalikeForm(kind, text);
    if (!form) continue;
    for (const listed of values().filter((v) => v.kind === kind)) {
      const listedForm = lookalikeForm(kind, listed.value);
      if (listedForm && compareLookalike(form, listedForm)) found.push(`${kind} ${listed.profileId} ${listed.canonical}`);
    }
  }
  const nameForm = lookalikeForm('name', text);
  if (nameForm) {
    for (const { id, name } of names()) {
      const listed = lookalikeForm('name', name);
      if (listed && compareLookalike(nameForm, listed)) found.push(`name ${id}`);
    }
  }
  return found.sort();
}

/** What the index finds. */
async function indexed(text: string): Promise<string[]> {
  const index = await lookalikeIndex(engineOver(db));
  const found: string[] = [];
  for (const kind of ['domain', 'telegram'] as const) {
    const form = lookalikeForm(kind, text);
    if (form) for (const f of index.findValues({ ...form, kind })) if (f.compared !== 'name') found.push(`${kind} ${f.profileId} ${f.canonical}`);
  }
  const nameForm = lookalikeForm('name', text) as (LookalikeForm & { kind: 'name' }) | null;
  if (nameForm) {
    for (const id of index.nameCandidates(nameForm)) {
      const listed = lookalikeForm('name', names().find((n) => n.id === id)!.name);
      if (listed && compareLookalike(nameForm, listed)) found.push(`name ${id}`);
    }
  }
  return found.sort();
}

// a listed value changed the way lookalikes are made: an edit or two, a confusable, another suffix
const CONFUSABLE: Record<string, string> = { o: '0', 0: 'O', l: '1', 1: 'l', a: 'а', e: 'е', i: 'і', m: 'rn', s: '5' };
const mutated = (listed: string[]) => fc.tuple(
  fc.constantFrom(...listed),
  fc.array(fc.tuple(fc.constantFrom('substitute', 'delete', 'insert', 'confusable', 'suffix', 'case'), fc.nat(), fc.constantFrom('a', 'x', '_', '9', '-', '.')), { maxLength: 3 }),
).map(([text, edits]) => {
  let out = text;
  for (const [edit, at, ch] of edits) {
    const i = out.length === 0 ? 0 : at % out.length;
    if (edit === 'substitute') out = out.slice(0, i) + ch + out.slice(i + 1);
    else if (edit === 'delete') out = out.slice(0, i) + out.slice(i + 1);
    else if (edit === 'insert') out = out.slice(0, i) + ch + out.slice(i);
    else if (edit === 'confusable') out = out.slice(0, i) + (CONFUSABLE[out[i]!] ?? out[i]!) + out.slice(i + 1);
    else if (edit === 'suffix') out = out.replace(/\.[a-z]+\/?$/, '.co');
    else out = out.toUpperCase();
  }
  return out;
});

describe('the lookalike index', () => {
  it('when any text is looked up, then it finds exactly what a scan of every listed value finds', async () => {
    const listed = [...values().map((v) => v.value), ...names().map((n) => n.name)];
    let found = 0;
    await fc.assert(fc.asyncProperty(fc.oneof({ arbitrary: mutated(listed), weight: 4 }, { arbitrary: fc.string({ maxLength: 20 }), weight: 1 }), async (text) => {
      const expected = scan(text);
      expect(await indexed(text), text).toEqual(expected);
      if (expected.length > 0) found++;
    }), { numRuns: 300, seed: 16 });
    // the texts are near enough to listed ones that many are lookalikes: the property is not vacuous
    expect(found).toBeGreaterThan(60);
  });

  it('when profiles change and leave after it was built, then it is brought forward to what a scan finds', async () => {
    await lookalikeIndex(engineOver(db));
    const [first, second] = values().filter((v) => v.kind === 'telegram');
    db.transaction(() => {
      db.prepare("UPDATE incidents SET telegrams = '[\"@moved_handle_01\"]' WHERE profile_id = ?").run(first!.profileId);
      db.prepare("UPDATE profiles SET telegram = '[]' WHERE id = ?").run(first!.profileId);
      touchProfile(db, first!.profileId);
      db.prepare("UPDATE profiles SET verification_status = 'rejected' WHERE id = ?").run(second!.profileId);
      tombstoneProfile(db, 'developer', second!.profileId);
    })();

    for (const text of ['@moved_handle_02', `${first!.value}x`, `${second!.value}x`]) expect(await indexed(text), text).toEqual(scan(text));
  });

  it('when profiles are set, replaced and removed in any order (slots freed and taken again), then it finds what a scan of the profiles held finds', () => {
    const pool = values().slice(0, 40);
    const operation = fc.tuple(fc.nat(11), fc.subarray(pool, { maxLength: 4 }), fc.boolean());
    fc.assert(fc.property(fc.array(operation, { minLength: 1, maxLength: 30 }), fc.array(mutated(pool.map((v) => v.value)), { minLength: 1, maxLength: 5 }), (operations, texts) => {
      const index = new LookalikeIndex(1);
      const held = new Map<number, Value[]>();
      for (const [profileId, chosen, removing] of operations) {
        if (removing) {
          index.remove(profileId);
          held.delete(profileId);
          continue;
        }
        const listed = chosen.flatMap((v): Listed[] => {
          const form = lookalikeForm(v.kind, v.value);
          return form ? [{ profileId, kind: v.kind, canonical: v.canonical, form }] : [];
        });
        index.set(profileId, `name ${profileId}`, listed);
        held.set(profileId, chosen.filter((v) => lookalikeForm(v.kind, v.value)));
      }
      expect(index.size).toBe(held.size);
      for (const text of texts) {
        for (const kind of ['domain', 'telegram'] as const) {
          const form = lookalikeForm(kind, text);
          if (!form) continue;
          const found = index.findValues({ ...form, kind }).map((f) => (f.compared === 'name' ? '' : `${f.profileId} ${f.canonical}`)).sort();
          const expected = [...held].flatMap(([profileId, chosen]) => chosen.filter((v) => v.kind === kind && compareLookalike(form, lookalikeForm(kind, v.value)!))
            .map((v) => `${profileId} ${v.canonical}`)).sort();
          expect(found, `${kind} ${text}`).toEqual(expected);
        }
      }
    }), { numRuns: 200, seed: 37 });
  });

  it('when it is built between requests and the registry changes meanwhile, then it ends as a scan finds, whether it finishes or a lookup does', async () => {
    const target = values().find((v) => v.kind === 'telegram')!;
    const done = new Promise<unknown>((resolve) => buildLookalikesLater(db, resolve, { batch: 20 }));
    // after the build began: a profile already read leaves, and one gets a new handle
    await new Promise((resolve) => setImmediate(resolve));
    db.transaction(() => {
      db.prepare("UPDATE profiles SET verification_status = 'rejected' WHERE id = ?").run(target.profileId);
      tombstoneProfile(db, 'developer', target.profileId);
    })();
    expect(await done).toBeUndefined();
    for (const text of [`${target.value}x`, 'brand_new_handle']) expect(await indexed(text), text).toEqual(scan(text));

    // a lookup that comes while a build is under way finishes it itself
    const other = openDatabase(':memory:');
    try {
      seedDemo(other, { profiles: 60 });
      buildLookalikesLater(other, () => {}, { batch: 10 });
      await new Promise((resolve) => setImmediate(resolve));
      const index = await lookalikeIndex(engineOver(other));
      expect(index.size).toBe(other.prepare("SELECT COUNT(*) FROM profiles WHERE verification_status = 'verified'").pluck().get());
    } finally {
      other.close();
    }
  });
});
