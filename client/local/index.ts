// client/local: the one place that touches IndexedDB (docs/style.md#s7). The rest of the client
// imports from here.
export { RegistryDb, localDb, openRegistryDb, readSyncMeta } from './db';
export type { LocalProfile, LocalIncident, SyncMeta, FillProgress, Draft, SavedSearch } from './db';
export { SYNC_INTERVAL_MS, syncNow, startReplicator } from './replicator';
export { awaitingFirstAnswer, noteTyping } from './replication-gate';
export { keepDetailsOffline, onKeepDetailsOfflineChange, replicaForm, setKeepDetailsOffline, useKeepDetailsOffline } from './settings';
export { ensureDetails, type DetailsHeld } from './details';
export {
  enqueue, submitAction, flushOutbox, backoffMs, resend, discard, updateAction, refreshOutboxCounts, startOutbox,
} from './outbox';
export type { FlushOptions, SubmitResult, WaitReason } from './outbox';
export { describeAction, planCall } from './outbox-actions';
export type { PlannedCall } from './outbox-actions';
export { listOutbox, useOutboxEntries } from './outbox-list';
export { listSent, useSentReceipts, forgetSent, checkSentReceipts, receiptsOf, RECEIPT_CHECKS_AT_ONCE } from './sent';
export type { CheckOutcome } from './sent';
export type { SentReceipt } from './sent-types';
export { useRegistryVersion, useReplicaState } from './registry';
export type { ReplicaState } from './registry';
export { getProfile, getProfiles, getSyncProfile, getIncidents, replicaCount, visitReplica, REPLICA_CHUNK_SIZE } from './replica';
export {
  searchService, disposeSearchService, useRegistrySearch, useFacetOptions, useFacetOptionsState, lookupIdentifier, findListedName, profileWhileDownloading,
} from './search/registry-search';
export type {
  SearchService, RegistrySearchRequest, RegistrySearchState, FacetOptionsState, IdentifierLookup, IdentifierMatch, LookalikeWarning, NamedProfile, QueryReading, RegistryAnswer,
} from './search/registry-search';
export { saveDraft, loadDraft, clearDraft, useDraft } from './drafts';
export { requestPersistentStorage } from './storage';
export type { OutboxAction, OutboxEntry, OutboxFailure, OutboxState } from './outbox-types';
export { WAITING_TITLE, WAITING_WHERE, nextTryText, waitingMessage } from './outbox-messages';
export type { WaitingMessage } from './outbox-messages';
