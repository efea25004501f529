import type { Config } from './config';
import type { Engine } from './db/engine/engine';
import type { Limits } from './http/rate-limits';

/** What every feature's routes are built from; tests build them on a temp database. */
export interface AppDeps {
  /**
   * the registry's data layer (db/engine/engine.ts): SQLite over the app's connection
   * (engineOver), or PostgreSQL when DATABASE_URL is set (docs/decisions/035)
   */
  engine: Engine;
  config: Config;
  /** the limits on public work (http/rate-limits.ts): made by createApp when absent; null when off */
  limits?: Limits | null;
}
