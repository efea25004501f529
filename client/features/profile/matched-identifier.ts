// Which of a profile's identifiers the search names: a profile found by an identifier opens with
// that identifier shown first. The search and the profile's values are compared by canonical
// form (shared/identifiers), never as text: `t.me/aldric_web302` is the profile's `@aldric_web302`.
import {
  identify, profileIdentifiers, type IdentifierKind, type ProfileIdentifier, type ProfileIdentifierSource,
} from '../../../shared/identifiers';

// an IBAN and an account number share one canonical form (shared/identifiers/README.md)
const family = (kind: IdentifierKind): IdentifierKind => (kind === 'iban' ? 'bank_account' : kind);

/**
 * The profile's identifier that the query, or one of its words, reads as; null when none does.
 * The case id is left out: the modal shows it at the top already.
 */
export function matchedIdentifier(profile: ProfileIdentifierSource, query: string): ProfileIdentifier | null {
  const text = query.trim();
  if (text === '') return null;
  const held = profileIdentifiers(profile).filter((id) => id.field !== 'id');
  if (held.length === 0) return null;
  const parts = [text, ...text.split(/\s+/u)];
  for (const part of new Set(parts)) {
    for (const reading of identify(part)) {
      const found = held.find((id) => id.canonical === reading.canonical && family(id.kind) === family(reading.kind));
      if (found) return found;
    }
  }
  return null;
}
