// A profile's match with the registry's search and filters (product.md#states: the match score)
// and the identifier the search names (matched-identifier.ts), computed here for a profile opened
// without its card (a link): both read identifiers, so this module, and shared/identifiers with
// it, is loaded only then (ProfileModal's useProfileMatch); a card hands the modal its own.
import type { IdentifierField, IdentifierKind } from '../../../shared/identifiers';
import type { ActiveFilters } from '../../../shared/search/criteria';
import { matchScore } from '../../../shared/search/reference';
import type { LocalProfile } from '../../local';
import { matchedIdentifier } from './matched-identifier';

export interface ProfileMatch {
  score: number;
  /** the identifier of the profile the search names: its kind, and its field and value as the profile holds it */
  matched: { kind: IdentifierKind; field: IdentifierField; value: string } | null;
}

export function profileMatch(profile: LocalProfile, filters: ActiveFilters, query: string): ProfileMatch {
  const matched = matchedIdentifier(profile, query);
  return { score: matchScore(profile, filters, query), matched: matched ? { kind: matched.kind, field: matched.field, value: matched.value } : null };
}
