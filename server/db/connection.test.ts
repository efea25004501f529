import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, openReader, readInTransaction } from './connection';
import { currentRevision, nextRevision } from './revision';

describe('readInTransaction', () => {
  const folders: string[] = [];
  const newTestDatabase = () => {
    const folder = mkdtempSync(join(tmpdir(), 'bustr-connection-'));
    folders.push(folder);
    return join(folder, 'registry.sqlite');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('reads in one transaction: a commit by another connection meanwhile is not seen, and is seen after', () => {
    const path = newTestDatabase();
    const writer = openDatabase(path);
    const reader = openReader(path);
    const before = currentRevision(reader);
    const seen = readInTransaction(reader, () => {
      const first = currentRevision(reader);
      expect(reader.inTransaction).toBe(true);
      nextRevision(writer);
      return [first, currentRevision(reader)];
    });
    expect(seen).toEqual([before, before]);
    expect(reader.inTransaction).toBe(false);
    expect(currentRevision(reader)).toBe(before + 1);
    writer.close();
    reader.close();
  });

  it('undoes what was written when the read throws, and runs inside a transaction already begun', () => {
    const db = openDatabase(newTestDatabase());
    const before = currentRevision(db);
    expect(() => readInTransaction(db, () => {
      nextRevision(db);
      throw new Error('stop');
    })).toThrow('stop');
    expect(currentRevision(db)).toBe(before);
    expect(db.inTransaction).toBe(false);
    // nested in a transaction of its own: a savepoint, the outer one's writes seen
    const inner = db.transaction(() => {
      nextRevision(db);
      return readInTransaction(db, () => currentRevision(db));
    })();
    expect(inner).toBe(before + 1);
    // the same runner again, many times: each call its own transaction
    for (let i = 0; i < 3; i++) expect(readInTransaction(db, () => db.inTransaction)).toBe(true);
    db.close();
  });

  it('makes its transaction wrapper once per connection, not once per read', () => {
    const db = openDatabase(newTestDatabase());
    const made = vi.spyOn(db, 'transaction');
    for (let i = 0; i < 5; i++) readInTransaction(db, () => currentRevision(db));
    expect(made).toHaveBeenCalledTimes(1);
    db.close();
  });
});
