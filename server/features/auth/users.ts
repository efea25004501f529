// Users and their passwords. argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): about 30 ms a
// hash here, memory-hard so a stolen database is slow to crack.
import { hash, verify } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/engine/schema';

const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const; // argon2id is the default algorithm

export interface UserRow { id: number; username: string; password_hash: string; is_staff: number }

export function findUser(db: Db, username: string): UserRow | undefined {
  return db.prepare('SELECT id, username, password_hash, is_staff FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

/**
 * findUser on the data layer. A username matches ignoring ASCII case, as each engine keeps it
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

/**
 * Creates the user, or updates the password and staff flag of an existing one. A new password
 * ends every session the user had (docs/design.md#auth): whoever knew the old one is signed out.
 */
export async function upsertUser(db: Db, input: { username: string; password: string; isStaff: boolean }): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(() => {
    const row = db
      .prepare(`INSERT INTO users (username, password_hash, is_staff, created_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, is_staff = excluded.is_staff
        RETURNING id`)
      .get(input.username, passwordHash, input.isStaff ? 1 : 0, new Date().toISOString()) as { id: number };
    endUserSessions(db, row.id);
    return row.id;
  })();
}

/** Ends every session of the user (npm run user -- --end-sessions); returns how many there were. */
export function endUserSessions(db: Db, userId: number): number {
  return db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes;
}

/** docs/design.md#auth: the staff user named by ADMIN_USERNAME / ADMIN_PASSWORD exists at boot. */
export async function ensureStaffUser(db: Db, username: string, password: string): Promise<void> {
  const existing = findUser(db, username);
  if (existing && existing.is_staff === 1 && (await verifyPassword(existing.password_hash, password))) return;
  await upsertUser(db, { username, password, isStaff: true });
}
