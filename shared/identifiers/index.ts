// shared/identifiers: what a pasted text is and its canonical form, the identifiers a profile
// holds, and lookalikes. Pure: no I/O, no DOM; runs in Node and in a Web Worker. README.md here.
export {
  IDENTIFIER_KINDS, IDENTIFIER_PROBLEMS, WALLET_IDENTIFIER_KINDS,
  type Identifier, type IdentifierKind, type IdentifierProblem,
} from './types';
export { MAX_IDENTIFIER_CHARS } from './pasted';
export { identify, canonicalize } from './identify';
export { checksumAddress } from './wallets';
export { compactAccount } from './registry-ids';
export {
  IDENTIFIER_FIELDS, profileIdentifiers,
  type IdentifierField, type ProfileIdentifier, type ProfileIdentifierSource,
} from './profile-identifiers';
export {
  LOOKALIKE_EDITS, compareLookalike, foldedSkeleton, isLookalike, isMixedScript, lookalike, lookalikeForm, scriptsOf,
  skeleton, type Lookalike, type LookalikeForm, type LookalikeKind, type LookalikeReason,
} from './lookalike';
