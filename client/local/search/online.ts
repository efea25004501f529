// The registry searched on the server (issue 17: GET /api/search/, /options/, /lookup/) while this
// device's replica is not complete: the same answers the search worker gives once it is
// (shared/search/answers.ts on both sides), so the page switches without a visible change.
import { routes } from '../../../shared/contract/routes';
import type { SearchAnswer, SearchLookupAnswer, SearchOptionsAnswer } from '../../../shared/contract/search';
import type { ProfileKind } from '../../../shared/contract/common';
import type { FilterCategory } from '../../../shared/search/facets';
import type { RegistrySearchRequest } from '../../../shared/search/page';
import { apiJson } from '../../api/http';
import { caseId } from '../../../shared/domain/case-id';
import type { LocalProfile, RegistryDb } from '../db';
import { keepOnlineProfiles } from '../online-profiles';
import type { IdentifierLookup } from './answers';

/** One page of the registry, from the server. Its profiles are kept for the profile dialog. */
export async function searchOnline({ kind, query, filters, page }: RegistrySearchRequest, db: RegistryDb, signal?: AbortSignal): Promise<SearchAnswer> {
  const path = routes.search.page.path({ query: { kind, q: query, filters: JSON.stringify(filters), page } });
  const answer = await apiJson<SearchAnswer>(path, signal ? { signal } : {});
  keepOnlineProfiles(db, answer.items.map((item) => item.profile));
  return answer;
}

export async function facetOptionsOnline(kind: ProfileKind, category: FilterCategory): Promise<SearchOptionsAnswer['options']> {
  return (await apiJson<SearchOptionsAnswer>(routes.search.options.path({ query: { kind, category } }))).options;
}

export async function lookupOnline(text: string): Promise<IdentifierLookup> {
  const { readings, matches, lookalikes } = await apiJson<SearchLookupAnswer>(routes.search.lookup.path({ query: { q: text } }));
  return { readings, matches, lookalikes };
}

/**
 * A profile by its id, from the server (a link to a profile opened while the replica downloads):
 * its kind by a lookup of its case id, then the page its case id finds. null when the registry
 * lists no such profile. Kept for the profile dialog like any profile found online.
 */
export async function profileOnline(id: number, db: RegistryDb): Promise<LocalProfile | null> {
  const text = caseId(id);
  const found = (await lookupOnline(text)).matches.find((m) => m.id === id);
  if (!found) return null;
  const answer = await searchOnline({ kind: found.profileKind, query: text, filters: {}, page: 1 }, db);
  const item = answer.items.find((i) => i.profile.id === id);
  if (!item) return null;
  const { incidents: _incidents, ...profile } = item.profile;
  return profile;
}
