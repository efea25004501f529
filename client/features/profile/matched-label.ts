// How the profile modal names the identifier a search matched (matched-identifier.ts finds it):
// by its kind, in the words of every other screen (shared/identifiers/kind-words.ts, a plain
// table), so the modal says what the card said without loading shared/identifiers' readers.
import type { IdentifierKind } from '../../../shared/identifiers';
import { kindTitle } from '../../../shared/identifiers/kind-words';

/** How the modal names a match ("Telegram handle", "Ethereum wallet address"), as the card does. */
export const matchedLabel = (kind: IdentifierKind): string => kindTitle(kind);
