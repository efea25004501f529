// The search call's page texts for tests on both engines (server/features/search/service-engine.test.ts),
// composed here as app.ts composes them (a feature does not import another): on SQLite the sync
// feature's stored light texts, as the server pastes them; on PostgreSQL each light profile's JSON
// written from its rows (JSON.stringify(lightProfile(profile))), the text the stored texts hold,
// until app.ts gives features/sync's stored texts on the data layer.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/engine/schema';
import { publicProfilesOn } from '../../server/features/search/registry-index';
import type { PageTexts } from '../../server/features/search/service';
import { publicLightProfileTexts } from '../../server/features/sync/page-text';
import { lightProfile } from '../../shared/contract/sync';

export async function lightTextsOn(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  for (const [id, profile] of await publicProfilesOn(db, ids)) texts.set(id, JSON.stringify(lightProfile(profile)));
  return texts;
}

export const SEARCH_TEXTS: PageTexts = { sqlite: publicLightProfileTexts, on: lightTextsOn };
