import type { Db } from './db/connection';
import type { Config } from './config';
import { engineOver, type Engine } from './db/engine/engine';
import type { Limits } from './http/rate-limits';

/** What every feature's routes are built from; tests build them on a temp database. */
export interface AppDeps {
  db: Db;
  config: Config;
  /** the limits on public work (http/rate-limits.ts): made by createApp when absent; null when off */
  limits?: Limits | null;
  /**
   * the data layer over `db` (db/engine/engine.ts engineOver): what the modules moved onto it use
   * (docs/decisions/035); made by createApp when absent
   */
  engine?: Engine;
}

/** The data layer of these deps: the one the app made (createApp), else one over `db`. */
export function engineOf(deps: AppDeps): Engine {
  return deps.engine ?? engineOver(deps.db);
}
