import type { Db } from './db/connection';
import type { Config } from './config';

/** What every feature's routes are built from; tests build them on a temp database. */
export interface AppDeps {
  db: Db;
  config: Config;
}
