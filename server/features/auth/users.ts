// Users and their passwords. argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): about 30 ms a
// hash here, memory-hard so a stolen database is slow to crack.
// On the data layer (docs/decisions/035), on SQLite and PostgreSQL alike: sign-in, npm run user,
// the server's start and the tests' app use them.
import { hash, verify } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import { inTransaction, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';

const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const; // argon2id is the default algorithm

export interface UserRow { id: number; username: string; password_hash: string; is_staff: number }

/**
 * A user by name. A username matches ignoring ASCII case, as each engine keeps it
 * unique: SQLite's lower() folds ASCII only, as the column's COLLATE NOCASE; PostgreSQL's unique
 * index is on lower(username), which this lookup uses.
 */
export async function findUserOn(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(['id', 'username', 'password_hash', 'is_staff'])
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${username})`)
    .executeTakeFirst();
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export interface UserInput { username: string; password: string; isStaff: boolean }

/**
 * upsertUser on the data layer: creates the user, or updates the password and staff flag of the
 * one whose username matches ignoring ASCII case (keeping its spelling), and ends every session
 * it had. The password is hashed before the transaction (argon2 takes ~30 ms: on SQLite a
 * transaction that waited on it would be rolled back, inTransaction). Two writers of one new
 * username at once (two instances starting on one PostgreSQL database) do not fail: the second's
 * insert waits for the first's commit, then finds and updates its row.
 */
export async function upsertUserOn(engine: Engine, input: UserInput): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const isStaff = input.isStaff ? 1 : 0;
  return inTransaction(engine, async (trx) => {
    // no conflict target: SQLite's unique username is COLLATE NOCASE, PostgreSQL's a unique index
    // on lower(username); DO NOTHING without a target answers either
    const inserted = await trx.insertInto('users')
      .values({ username: input.username, password_hash: passwordHash, is_staff: isStaff, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await findUserOn(trx, input.username);
    if (!existing) throw new Error(`user '${input.username}' could be neither created nor found`);
    await trx.updateTable('users').set({ password_hash: passwordHash, is_staff: isStaff }).where('id', '=', existing.id).execute();
    await endUserSessionsOn(trx, existing.id);
    return { id: existing.id, created: false };
  });
}

/** Ends every session of the user (npm run user -- --end-sessions, a new password); returns how many there were. */
export async function endUserSessionsOn(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * ensureStaffUser on the data layer (the server's start on PostgreSQL): the staff user named by
 * ADMIN_USERNAME / ADMIN_PASSWORD exists with that password. One that already does is left alone,
 * its sessions too; otherwise upsertUserOn (a new password ends the user's sessions).
 */
export async function ensureStaffUserOn(engine: Engine, username: string, password: string): Promise<void> {
  const existing = await findUserOn(engine.db, username);
  if (existing && existing.is_staff === 1 && (await verifyPassword(existing.password_hash, password))) return;
  await upsertUserOn(engine, { username, password, isStaff: true });
}
