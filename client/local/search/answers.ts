// What the registry search answers (types only; shared/search/answers.ts, which the search worker
// and the server's search call answer with).
export type { IdentifierLookup, IdentifierMatch, LookalikeWarning, NamedProfile, QueryReading, RegistryAnswer } from '../../../shared/search/answers';
