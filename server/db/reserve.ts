// A little disk kept free for staff (docs/design.md#errors): beside the database, a file of
// RESERVE_BYTES that is given back when a sign-in finds the disk full, so staff can still sign in
// (a session is a row) when anonymous writes have filled it. Made again when there is room
// (at start and with every pruning round).
import { closeSync, existsSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import type { Db } from './connection';

export const RESERVE_BYTES = 512 * 1024;

const reservePath = (db: Db): string | null => (db.memory || !db.name ? null : `${db.name}-reserve`);

/** Makes the reserve file if it is missing and there is room; true when it is there. */
export function ensureReserve(db: Db): boolean {
  const path = reservePath(db);
  if (!path) return false;
  if (existsSync(path) && statSync(path).size === RESERVE_BYTES) return true;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'w');
    // written, not only sized: a sparse file would hold no blocks to give back
    writeSync(fd, Buffer.alloc(RESERVE_BYTES, 0x2e));
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    try { unlinkSync(path); } catch { /* never made */ }
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Gives the reserve's space back to the disk; true when there was one to give. */
export function releaseReserve(db: Db): boolean {
  const path = reservePath(db);
  if (!path || !existsSync(path)) return false;
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}
