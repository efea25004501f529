// A build whose texts a helper tokenises (across a real MessageChannel: messages cloned, buffers
// transferred) must be the very index a build in one thread makes: the same bytes saved.
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProfile } from '../../test-support';
import { SearchIndex, type IndexedProfile } from './search-index';
import { channelTokenHelper } from './test-token-helper';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function helper(mode: 'serving' | 'failing' | 'silent' = 'serving', answerTimeoutMs?: number) {
  const made = channelTokenHelper(mode, answerTimeoutMs);
  closers.push(made.close);
  return made.helper;
}

/** A registry with more distinct tokens than a message carries, some long, some beyond ASCII. */
function registry(count: number): IndexedProfile[] {
  return Array.from({ length: count }, (_, i) => ({
    ...sampleProfile({
      id: i + 1,
      // (a shared value and an own one with a unit beyond Latin-1 after Latin-1 tokens: those
      // tokens join the dictionary before the value is read the reference's way)
      name: `${['Ada', 'Émile', 'Київ', 'Zoë', 'Zed Łódź'][i % 5]} Example ${i % 97}`,
      nickname: i % 7 === 0 ? `nick${i} Łódź` : `nick${i}`,
      email: [`person${i}@mail${i % 13}.example`],
      walletAddresses: [`0x${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}${'ab'.repeat(16)}`, `bc1qé${i.toString(36)}xyzxyz`],
      telegram: [`@user_${i}`],
    }),
    kind: i % 3 ? 'developer' : 'project',
  }));
}

const bytesOf = (index: SearchIndex) => {
  const { meta, buffers } = index.serialize();
  return { meta, buffers: buffers.map((b) => Buffer.from(b).toString('base64')) };
};

describe('a build with a token helper', () => {
  it('when the helper tokenises the texts, then the index is the one a build in one thread makes', async () => {
    const profiles = registry(4000);
    const tokens = helper();
    const withHelper = await SearchIndex.buildWith(profiles, (textSize) => tokens.reader(textSize));
    const alone = SearchIndex.build(profiles);
    expect(bytesOf(withHelper)).toEqual(bytesOf(alone));
    // (a long token's trigrams, one beyond ASCII, a prefix group, and one beyond Latin-1)
    for (const term of ['abab', 'qéa', 'us', 'Київ', 'łódź', 'nick14', 'zed']) {
      const query = { kind: 'developer' as const, query: term, filters: {}, limit: 5 };
      expect(withHelper.query(query)).toEqual(alone.query(query));
      expect(withHelper.query(query).total).toBeGreaterThan(0);
    }
  });

  it('when one helper serves builds one after another, then each gets its own tokens', async () => {
    const tokens = helper();
    for (const size of [30, 1, 900]) {
      const profiles = registry(size);
      const built = await SearchIndex.buildWith(profiles, (textSize) => tokens.reader(textSize));
      expect(bytesOf(built)).toEqual(bytesOf(SearchIndex.build(profiles)));
    }
  });

  it('when the helper fails, then the build fails (the caller builds in its own thread)', async () => {
    const tokens = helper('failing');
    await expect(SearchIndex.buildWith(registry(20), (textSize) => tokens.reader(textSize))).rejects.toThrow('the worker script did not load');
    expect(tokens.failed).toBe(true);
    await expect(SearchIndex.buildWith(registry(20), (textSize) => tokens.reader(textSize))).rejects.toThrow('The token helper failed');
  });

  it('when the helper never answers, then the build fails after the answer timeout instead of waiting for ever', async () => {
    const tokens = helper('silent', 50);
    await expect(SearchIndex.buildWith(registry(20), (textSize) => tokens.reader(textSize))).rejects.toThrow('no answer within 50 ms');
    expect(tokens.failed).toBe(true);
  });
});
