// The registry's search index over the replica (issue 6; shared/search/index), as the search
// worker runs it (search.worker.ts) — or the page itself where there are no workers (tests).
// It reads the replica's chunks on its own, so the page never loads the registry:
//   - a cold start loads the index saved in IndexedDB (array buffers) instead of rebuilding;
//   - then it takes in the chunks written since (ids above the last it took in): small deltas
//     by upsert/remove, a large one (or a new replica epoch) by a build over every chunk (which
//     is which, and what of a sync profile the index reads: shared/search/index/from-replica.ts);
//   - during a first sync the sync in the worker offers it each stored page, which it only
//     gathers, and it builds once when asked to search; the first page of a listing nothing
//     narrows (the registry as it opens) is answered from the gathered profiles before that
//     build (firstByName), so the first cards need not wait for it;
//   - a build of HELPED_BUILD_MIN profiles or more has a helper worker tokenise its texts on the
//     other core while it reads the values and facets (token-helper.ts, decision 016);
//   - it saves itself a little after it changed;
//   - identifier and name lookups (issue 16) read the stored identifier values and make the lookalikes
//     when first asked; once a built or loaded index has been idle a moment it does so ahead, a
//     field at a time, so that a search or a lookup can come in between (prepare).
// Calls run one at a time, in order, so a search never sees a half-applied delta.
import type { ProfileKind } from '../../../shared/contract/common';
import type { SyncProfile } from '../../../shared/contract/sync';
import type { FilterCategory } from '../../../shared/search/facets';
import { firstByName } from '../../../shared/search/first-by-name';
import { indexedProfile, upsertsDelta } from '../../../shared/search/index/from-replica';
import { SearchIndex, type FacetOption, type IndexedProfile, type SearchQuery, type SearchResult } from '../../../shared/search/index/search-index';
import type { TokenHelper } from '../../../shared/search/index/token-helper';
import { identifierLookup, registryAnswer } from '../../../shared/search/answers';
import { readSyncMeta, type RegistryDb } from '../db';
import type { WrittenChunks } from '../replica';
import type { IdentifierLookup, NamedProfile, RegistryAnswer } from './answers';

/** The index is saved this long after its last change... */
export const SAVE_DELAY_MS = 1_500;
/**
 * ...and at once after a build (once the search that asked for it is answered): a first sync's
 * build takes seconds, and an app closed before the save would build it again at its next start.
 */
const SAVE_AFTER_BUILD_MS = 0;
/**
 * A build of this many profiles or more has a helper worker tokenise its texts (~40% of the build,
 * on the other core); below it, starting the helper would cost more than it saves.
 */
export const HELPED_BUILD_MIN = 5_000;
/** The identifier values are read ahead once the index has been idle this long after a build or load. */
export const PREPARE_DELAY_MS = 2_000;
import { MAX_LOOKUP_MATCHES } from '../../../shared/search/answers';
export { MAX_LOOKALIKES, MAX_LOOKUP_MATCHES } from '../../../shared/search/answers';

export class RegistrySearchEngine {
  private index: SearchIndex | null = null;
  private epoch = -1;
  private lastChunk = 0;
  /** profiles gathered for the next build (first sync, or a large delta) */
  private pending: Map<number, IndexedProfile> | null = null;
  private triedSaved = false;
  /** the registry version of the last catch-up; the same version needs none */
  private seenVersion = -1;
  private queue: Promise<unknown> = Promise.resolve();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private prepareTimer: ReturnType<typeof setTimeout> | null = null;

  private tokenHelper: TokenHelper | null = null;
  /** the helper could not be started or failed: builds stay here from then on */
  private helperGivenUp = false;

  /** startTokenHelper: a helper worker for large builds (none where there are no nested workers: builds stay here) */
  constructor(private readonly db: RegistryDb, private readonly startTokenHelper?: () => TokenHelper) {}

  /** One page of results (ids and scores), in the reference order. */
  search(query: SearchQuery, version: number): Promise<SearchResult> {
    return this.run(() => this.page(query, version));
  }

  /**
   * One page of results, each found by an identifier naming it, with what the query reads as, how
   * many profiles of the other kind it lists and the listed profiles it looks like (issue 16).
   */
  searchPage(query: SearchQuery, version: number): Promise<RegistryAnswer> {
    return this.run(async () => {
      const result = await this.page(query, version);
      return registryAnswer(this.index, query, result);
    });
  }

  /** A pasted value looked up in both kinds: the profiles holding it, and those it looks like. */
  lookup(text: string, version: number): Promise<IdentifierLookup> {
    return this.run(async () => {
      const changed = await this.gather(version);
      await this.buildPending(changed);
      return identifierLookup(this.index, text);
    });
  }

  /**
   * The listed profiles of both kinds with this name, without case or extra spaces (the report
   * wizard's step 1, issue 16): at most MAX_LOOKUP_MATCHES, in name order.
   */
  findName(name: string, version: number): Promise<NamedProfile[]> {
    return this.run(async () => {
      const changed = await this.gather(version);
      await this.buildPending(changed);
      return this.index ? this.index.findName(name).slice(0, MAX_LOOKUP_MATCHES) : [];
    });
  }

  /** A page of the reference listing (in the queue). */
  private async page(query: SearchQuery, version: number): Promise<SearchResult> {
    const changed = await this.gather(version);
    if (!this.index && this.pending) {
      const first = firstByName(this.pending.values(), query);
      if (first) {
        // the index is built next, before any later call is answered, but after a turn of the
        // event loop: the answers already given (this one too) go out before the build holds
        // the thread for seconds
        // (a failed build is tried again by the next call)
        void this.run(() => new Promise<void>((resolve, reject) => setTimeout(() => {
          this.buildPending(changed).then(resolve, reject);
        }, 0)));
        return first;
      }
    }
    await this.buildPending(changed);
    return this.index ? this.index.query(query) : { total: 0, items: [] };
  }

  /**
   * A filter's options. Gathered in one turn, built (when needed) and answered in the next: a
   * search asked in between (the registry's opening page, asked with its filters' options) is
   * answered before a build this call would otherwise have started.
   */
  async facetOptions(kind: ProfileKind, category: FilterCategory, version: number): Promise<FacetOption[]> {
    const changed = await this.run(() => this.gather(version));
    return this.run(async () => {
      await this.buildPending(changed);
      return this.index ? this.index.facetOptions(kind, category) : [];
    });
  }

  /**
   * Takes in a page the sync in this worker has just stored, from the profiles it already has,
   * instead of reading the chunks back and parsing them again (a first sync at 100k profiles
   * would read and parse ~280 MB twice). Only when the chunks follow the last one taken in, in
   * the same epoch, or start a new epoch; anything else is left to the next catch-up. While
   * gathering it only gathers; into a built index it upserts what gather() would upsert.
   */
  offer(written: WrittenChunks): Promise<void> {
    return this.run(async () => {
      if (written.epoch !== this.epoch) {
        if (written.first !== 1) return;
        // the replica started over with these chunks: so does the index (a saved one is older)
        this.triedSaved = true;
        this.index = null;
        this.pending = new Map();
        this.epoch = written.epoch;
        this.lastChunk = 0;
      }
      if (written.first !== this.lastChunk + 1) return;
      if (!this.pending && !this.index) return; // nothing held yet: the next catch-up loads or builds
      const incoming = written.profiles.length;
      if (this.pending) {
        for (const profile of written.profiles) this.pending.set(profile.id, indexedProfile(profile));
        for (const id of written.removed) this.pending.delete(id);
      } else if (this.index && upsertsDelta(this.index.size, incoming)) {
        if (incoming) this.index.upsert(written.profiles.map(indexedProfile));
        if (written.removed.length) this.index.remove(written.removed);
      } else {
        return; // a large delta into a built index: gather() takes every chunk in for a build
      }
      this.lastChunk = written.last;
      if (this.index) this.scheduleSave();
    });
  }

  /** Ends pending saves and reading ahead (tests, a closing worker). */
  dispose(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    if (this.prepareTimer !== null) clearTimeout(this.prepareTimer);
    this.saveTimer = null;
    this.prepareTimer = null;
  }

  /**
   * Reads the identifier values and makes the lookalikes of a new index ahead, once it has been
   * idle PREPARE_DELAY_MS: one step a turn of the queue, so a search or a lookup comes in between.
   */
  private prepareAhead(delay = PREPARE_DELAY_MS): void {
    if (this.prepareTimer !== null) clearTimeout(this.prepareTimer);
    this.prepareTimer = setTimeout(() => {
      this.prepareTimer = null;
      void this.run(async () => {
        if (this.index && !this.index.prepareStep()) this.prepareAhead(0);
      });
    }, delay);
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async loadSaved(): Promise<void> {
    this.triedSaved = true;
    try {
      const saved = await this.db.searchIndex.get('registry');
      if (!saved) return;
      this.index = SearchIndex.deserialize(saved.index);
      this.epoch = saved.epoch;
      this.lastChunk = saved.lastChunk;
      this.prepareAhead();
    } catch (error) {
      // an index of an older format, or a broken one: it is built again from the replica
      console.warn('The saved search index could not be loaded; rebuilding it', error);
      this.index = null;
    }
  }

  /**
   * Takes in what the replica holds beyond what the index has: a saved index at first, then new
   * chunks (upserted, or gathered for a build). Says whether anything changed.
   */
  private async gather(version: number): Promise<boolean> {
    if (version === this.seenVersion && this.index) return false;
    if (!this.triedSaved) await this.loadSaved();
    let changed = false;
    await this.db.transaction('r', this.db.chunks, this.db.chunkKeys, this.db.meta, async () => {
      const epoch = (await readSyncMeta(this.db)).epoch ?? 0;
      if (epoch !== this.epoch) {
        // the replica started over: so does the index
        this.index = null;
        this.pending = null;
        this.epoch = epoch;
        this.lastChunk = 0;
        changed = true;
      }
      const newer = await this.db.chunkKeys.where('id').above(this.lastChunk).toArray();
      if (newer.length === 0) return;
      changed = true;
      const incoming = newer.reduce((n, k) => n + k.ids.length, 0);
      if (this.index && !this.pending && upsertsDelta(this.index.size, incoming)) {
        for (const keys of newer) {
          const chunk = await this.db.chunks.get(keys.id);
          if (chunk) this.index.upsert((JSON.parse(chunk.json) as SyncProfile[]).map(indexedProfile));
          if (keys.removed.length) this.index.remove(keys.removed);
        }
      } else {
        // gather for a build: from the first chunk when there is nothing gathered yet
        if (!this.pending) {
          this.pending = new Map();
          this.index = null;
          this.lastChunk = 0;
        }
        const pending = this.pending;
        const removedIn = new Map((await this.db.chunkKeys.where('id').above(this.lastChunk).toArray()).map((k) => [k.id, k.removed]));
        await this.db.chunks.where('id').above(this.lastChunk).each((chunk) => {
          for (const profile of JSON.parse(chunk.json) as SyncProfile[]) pending.set(profile.id, indexedProfile(profile));
          for (const id of removedIn.get(chunk.id) ?? []) pending.delete(id);
        });
      }
      this.lastChunk = newer[newer.length - 1]!.id;
    });
    this.seenVersion = version;
    return changed;
  }

  /** Builds the index from what was gathered, when there is none, and saves it when it changed. */
  private async buildPending(changed: boolean): Promise<void> {
    let built = false;
    if (!this.index) {
      this.index = await this.build(this.pending ? [...this.pending.values()] : []);
      this.pending = null;
      built = true;
    }
    // an empty index is not worth a save (building one is free); a saved one would only be
    // loaded at the next start to be found out of date
    if ((changed || built) && this.index && this.index.size > 0) this.scheduleSave(built ? SAVE_AFTER_BUILD_MS : SAVE_DELAY_MS);
  }

  /** The index of the profiles: with the helper when the build is large, else (or when the helper fails) here. */
  private async build(profiles: IndexedProfile[]): Promise<SearchIndex> {
    if (profiles.length >= HELPED_BUILD_MIN && this.startTokenHelper && !this.helperGivenUp) {
      try {
        const helper = (this.tokenHelper ??= this.startTokenHelper());
        return await SearchIndex.buildWith(profiles, (textSize) => helper.reader(textSize));
      } catch (error) {
        this.helperGivenUp = this.tokenHelper === null || this.tokenHelper.failed;
        console.warn('The search index helper failed; building without it', error);
      }
    }
    return SearchIndex.build(profiles);
  }

  private scheduleSave(delay = SAVE_DELAY_MS): void {
    if (this.index && !this.index.prepared) this.prepareAhead();
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.run(() => this.save());
    }, delay);
  }

  /** Saves the index with the epoch and last chunk it covers (never fails a search). */
  async save(): Promise<void> {
    if (!this.index) return;
    try {
      await this.db.searchIndex.put({ key: 'registry', epoch: this.epoch, lastChunk: this.lastChunk, index: this.index.serialize() });
    } catch (error) {
      if ((error as { name?: string })?.name !== 'DatabaseClosedError') console.warn('Saving the search index failed', error);
    }
  }
}
