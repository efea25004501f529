// product.md#calls GET /api/filter-options/: the options of every category of product.md#constants, from verified
// data. Built once per revision from the public snapshot (read-model/snapshot.ts), on either engine.
import type { Engine } from '../../db/engine/engine';
import { snapshotNow, type PublicSnapshot } from '../../read-model/snapshot';
import {
  FILTER_CATEGORIES, facetValues, fixedOptions, type FilterCategory,
} from '../../../shared/search/facets';
import { FILTER_INITIAL_OPTIONS, FILTER_SEARCH_MIN_CHARS } from '../../../shared/constants';

type Options = Record<FilterCategory, string[]>;
/** By what the engine reads through, as the snapshot is held (SQLite's connection, or a PostgreSQL engine's Kysely). */
const cache = new WeakMap<object, { revision: number; options: Options }>();

export async function allFilterOptions(engine: Engine): Promise<Options> {
  return optionsOf(engine.sqlite ?? engine.db, await snapshotNow(engine));
}

function optionsOf(key: object, snapshot: PublicSnapshot): Options {
  const cached = cache.get(key);
  if (cached?.revision === snapshot.revision) return cached.options;
  const profiles = [...snapshot.profiles.developer, ...snapshot.profiles.project];
  const options = {} as Options;
  for (const category of FILTER_CATEGORIES) {
    const fixed = fixedOptions(category);
    if (fixed) {
      options[category] = [...fixed];
      continue;
    }
    const values = new Set<string>();
    for (const profile of profiles) for (const value of facetValues(profile, category)) values.add(value);
    options[category] = [...values].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }
  cache.set(key, { revision: snapshot.revision, options });
  return options;
}

/** One category's options: from 2 characters, those containing the text; else the first 20 (product.md#validation). */
export async function categoryOptions(engine: Engine, category: FilterCategory, search: string): Promise<string[]> {
  const options = (await allFilterOptions(engine))[category];
  const term = search.trim().toLowerCase();
  if (term.length < FILTER_SEARCH_MIN_CHARS) return options.slice(0, FILTER_INITIAL_OPTIONS);
  return options.filter((o) => o.toLowerCase().includes(term));
}
