// Moved: the status store is UI state and lives in client/state/status.ts (docs/design.md, one
// home for UI state). This re-export only serves modules other branches are rewriting
// (outbox.ts, outbox.test.ts, search/registry-search.ts); once they import '../state/status'
// (or '../../state/status') directly, delete this file.
export * from '../state/status';
