// The registry page against a real Dexie replica in fake-indexeddb, filled with profiles shaped
// as the sync endpoint sends them (shared/test-support sampleProfile).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DBCore } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileKind } from '../../../shared/contract/common';
import type { Profile } from '../../../shared/contract/profile';
import { sampleProfile } from '../../../shared/test-support';
import { openRegistryDb, type LocalProfile, type RegistryDb } from '../../local';
import { setStatus } from '../../state/status';
import { dropDb, freshDb, putReplicaProfiles, resetStatus } from '../../local/test-support';
import { applySearch, getRegistryQuery, setFilterValues, useRegistryQuery } from '../../state/registry-query';
import { DEMO_NOTE, EMPTY_TEXT, LOAD_FAILED_TEXT, PARTIAL_EMPTY_TEXT, RegistryPage } from './RegistryPage';

let db: RegistryDb;
let nextId = 1;

function profile(name: string, extra: Partial<Profile> & { kind?: ProfileKind } = {}): LocalProfile {
  const { kind = 'developer', ...fields } = extra;
  const id = nextId++;
  return { ...sampleProfile({ id, name, nickname: '', ...fields }), kind, revision: id };
}

function reportAction(kind: ProfileKind) {
  return <button type="button">{kind === 'developer' ? 'Report Person' : 'Report Project'}</button>;
}

function renderPage(onViewProfile: (p: LocalProfile, score: number) => void = () => {}) {
  return render(<RegistryPage onViewProfile={onViewProfile} reportAction={reportAction} db={db} />);
}

const cardNames = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const people = (count: number) => Array.from({ length: count }, (_, i) => profile(`Person ${String(i + 1).padStart(2, '0')}`));

beforeEach(() => {
  resetStatus();
  setStatus({ lastSyncedAt: Date.now() }); // a replica that has been filled
  useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
  db = freshDb();
  nextId = 1;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom does not scroll
});

afterEach(async () => {
  vi.restoreAllMocks();
  await dropDb(db);
});

describe('the registry page', () => {
  it('when the profiles are still being read, then it says Loading profiles..., then lists them', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('John Doe')]);
    renderPage();

    expect(screen.getByText('Loading profiles...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'John Doe' })).toBeInTheDocument();
    expect(screen.queryByText('Loading profiles...')).not.toBeInTheDocument();
    expect(screen.getByText('2 profiles')).toBeInTheDocument();
    expect(screen.getByText(DEMO_NOTE)).toBeVisible();
  });

  it('when a term is typed, then only the matching profiles are listed', async () => {
    await putReplicaProfiles(db, [
      profile('Jane Roe', { walletAddresses: ['0xfeedbeef00000000000000000000000000000001'] }),
      profile('John Doe', { walletAddresses: ['0x1111111111111111111111111111111111111111'] }),
      profile('Mia Park'),
    ]);
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await userEvent.type(screen.getByLabelText('Search the registry'), 'jane');
    await waitFor(() => expect(cardNames()).toEqual(['Jane Roe']));
    expect(getRegistryQuery().query).toBe('jane');
    expect(screen.getByText('1 profile')).toBeInTheDocument();

    // product.md#validation: the registry search also covers wallets, by substring for '0x' terms
    await userEvent.clear(screen.getByLabelText('Search the registry'));
    await userEvent.type(screen.getByLabelText('Search the registry'), '0x1111{Enter}');
    await waitFor(() => expect(cardNames()).toEqual(['John Doe']));
  });

  it('when Projects is chosen, then projects are listed and the report button reads Report Project', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('Moon Vault', { kind: 'project' })]);
    renderPage();
    await screen.findByRole('heading', { name: 'Jane Roe' });
    expect(screen.getByRole('button', { name: 'Report Person' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Projects' }));

    expect(await screen.findByRole('heading', { name: 'Moon Vault' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Moon Vault']);
    expect(screen.getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Scammers' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Report Project' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report Person' })).not.toBeInTheDocument();
  });

  it('when there are more than 20, then pages of 20 are numbered and a page change scrolls to the top', async () => {
    await putReplicaProfiles(db, people(45));
    renderPage();
    await screen.findByRole('heading', { name: 'Person 01' });
    expect(cardNames()).toHaveLength(20);
    expect(screen.getByText('45 profiles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));

    // the page comes from the search index, a moment after the click
    await waitFor(() => expect(cardNames()).toEqual(['Person 41', 'Person 42', 'Person 43', 'Person 44', 'Person 45']));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus();
    expect(screen.getByText('· Page 3 of 3', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(cardNames()[0]).toBe('Person 21'));
  });

  it('when the search changes on a later page, then the list goes back to page 1', async () => {
    await putReplicaProfiles(db, people(45));
    renderPage();
    await screen.findByRole('heading', { name: 'Person 01' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cardNames()[0]).toBe('Person 21'));

    await userEvent.type(screen.getByLabelText('Search the registry'), 'person');

    await waitFor(() => expect(getRegistryQuery().query).toBe('person'));
    await waitFor(() => expect(cardNames()[0]).toBe('Person 01'));
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('when nothing matches, then it says so, and Clear Filters brings the list and an empty search box back', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('John Doe')]);
    act(() => setFilterValues('Industry', ['DeFi']));
    renderPage();
    await screen.findByRole('heading', { name: 'John Doe' });

    await userEvent.type(screen.getByLabelText('Search the registry'), 'zzz');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(cardNames()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));

    await waitFor(() => expect(cardNames()).toEqual(['Jane Roe', 'John Doe']));
    expect(screen.getByLabelText('Search the registry')).toHaveValue('');
    expect(getRegistryQuery()).toMatchObject({ query: '', filters: {} });
  });

  it('when filters are active, then cards are ordered by match score and the badge colour follows it', async () => {
    await putReplicaProfiles(db, [
      profile('Cleo Third', { industry: ['DeFi'], scam_type: ['Phishing'], nationality: 'Other' }),
      profile('Bea Second', { industry: ['DeFi'], scam_type: ['Rug Pull'], nationality: 'Other' }),
      profile('Ann First', { industry: ['DeFi'], scam_type: ['Rug Pull'], nationality: 'Examplian' }),
      profile('Dan None', { industry: ['Gaming'], scam_type: ['Phishing'], nationality: 'Other' }),
    ]);
    act(() => {
      setFilterValues('Industry', ['DeFi']);
      setFilterValues('Scam Type', ['Rug Pull']);
      setFilterValues('Nationality', ['Examplian']);
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Ann First' });

    expect(cardNames()).toEqual(['Ann First', 'Bea Second', 'Cleo Third']);
    const badge = (name: string) => within(screen.getByRole('article', { name })).getByText(/^Match \d+%$/);
    expect(badge('Ann First')).toHaveTextContent('Match 100%');
    expect(badge('Ann First')).toHaveClass('match-badge--green');
    expect(badge('Bea Second')).toHaveTextContent('Match 67%');
    expect(badge('Bea Second')).toHaveClass('match-badge--yellow');
    expect(badge('Cleo Third')).toHaveTextContent('Match 33%');
    expect(badge('Cleo Third')).toHaveClass('match-badge--red');
  });

  it('when View Profile is pressed, then the page hands over the profile and its score', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('John Doe')]);
    const onViewProfile = vi.fn();
    renderPage(onViewProfile);
    const card = await screen.findByRole('article', { name: 'John Doe' });

    await userEvent.click(within(card).getByRole('button', { name: 'View Profile' }));

    expect(onViewProfile).toHaveBeenCalledWith(expect.objectContaining({ name: 'John Doe', kind: 'developer' }), 100, undefined);
  });

  it('when a saved search is loaded elsewhere, then the search box shows its query', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('John Doe')]);
    renderPage();
    await screen.findByRole('heading', { name: 'John Doe' });

    act(() => applySearch('john', {}));

    expect(screen.getByLabelText('Search the registry')).toHaveValue('john');
    await waitFor(() => expect(cardNames()).toEqual(['John Doe']));
  });

  it('when the profiles cannot be read, then the list says the registry could not be loaded, never "not found", with a retry, and the failure is logged', async () => {
    await putReplicaProfiles(db, [profile('Jane Roe')]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // the same replica, opened by a handle whose chunks fail as a broken disk would
    const broken = openRegistryDb(db.name);
    broken.use({
      stack: 'dbcore',
      name: 'unreadable-profiles',
      create: (down: DBCore): DBCore => ({
        ...down,
        table(name) {
          const table = down.table(name);
          const gone = () => Promise.reject(new Error('The disk is gone'));
          return name === 'chunks' ? { ...table, get: gone, getMany: gone, query: gone, openCursor: gone } : table;
        },
      }),
    });
    render(<RegistryPage onViewProfile={() => {}} reportAction={reportAction} db={broken} />);

    expect(await screen.findByText(LOAD_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The disk is gone');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
    expect(cardNames()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Searching the registry failed', expect.any(Error));
    broken.close();
  });

  it('when offline with nothing downloaded yet, then it says the registry will download later', async () => {
    setStatus({ lastSyncedAt: null, online: false });
    renderPage();

    expect(await screen.findByText(/has not been downloaded to this device yet/)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it('when offline with part of the registry downloaded, then it searches that part, says how much it is, and never says "not found"', async () => {
    setStatus({ lastSyncedAt: null, online: false });
    await putReplicaProfiles(db, [profile('Jane Roe'), profile('Mia Park')], { complete: false });
    await db.meta.put({ key: 'fill', value: { held: 2, total: 5 } });
    renderPage();

    await waitFor(() => expect(cardNames()).toEqual(['Jane Roe', 'Mia Park']));
    expect(screen.getByText(/^Offline: searching the 40% of the registry on this device/)).toHaveTextContent('(2 of 5 profiles)');

    await userEvent.type(screen.getByLabelText('Search the registry'), 'Nobody Here{Enter}');
    expect(await screen.findByText(PARTIAL_EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
  });
});

describe('identifier lookups on the registry page (issue 16)', () => {
  const listed = () => [
    profile('Aldric Quenby', { telegram: ['@aldric_web302'], phone: ['+61 (0)491 570 159'] }),
    profile('CoinHaven', { kind: 'project', website: ['https://coinhaven.example'], walletAddresses: ['0xa92741a4b1498a0a1e05a558a3b2fcc5a002c275'] }),
    profile('Mia Park'),
  ];
  const search = async (text: string) => {
    await userEvent.clear(screen.getByLabelText('Search the registry'));
    await userEvent.type(screen.getByLabelText('Search the registry'), `${text}{Enter}`);
  };

  it('when a pasted identifier finds a profile, then its card says which identifier matched', async () => {
    await putReplicaProfiles(db, listed());
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('https://t.me/aldric_web302');
    await waitFor(() => expect(cardNames()).toEqual(['Aldric Quenby']));
    const card = screen.getByRole('article', { name: 'Aldric Quenby' });
    expect(within(card).getByText(/Matched Telegram handle/)).toHaveTextContent('Matched Telegram handle @aldric_web302');
  });

  it('when the other kind lists the identifier, then the page says where, and Show switches to it', async () => {
    await putReplicaProfiles(db, listed());
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('0xA92741A4B1498A0A1E05A558A3B2FCC5A002C275');
    expect(await screen.findByText('Listed under Projects: 1 profile')).toBeInTheDocument();
    expect(screen.getByText(EMPTY_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Projects' }));
    await waitFor(() => expect(cardNames()).toEqual(['CoinHaven']));
    expect(getRegistryQuery().kind).toBe('project');
  });

  it('when the query only looks like a listed domain, then a warning names the profile and opens it, and no card is listed', async () => {
    await putReplicaProfiles(db, listed());
    const viewed: string[] = [];
    renderPage((p) => viewed.push(p.name));
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('c0inhaven.example');
    const warning = await screen.findByRole('region', { name: /looks like a listed profile/ });
    expect(warning).toHaveTextContent('“c0inhaven.example” looks like https://coinhaven.example, the website of CoinHaven, listed under Projects.');
    expect(cardNames()).toEqual([]);
    await userEvent.click(within(warning).getByRole('button', { name: 'Open CoinHaven' }));
    await waitFor(() => expect(viewed).toEqual(['CoinHaven']));
  });

  it('when a pasted identifier is listed nowhere, then the page says what was checked, that this is no proof of safety, and offers to report it', async () => {
    await putReplicaProfiles(db, listed());
    const reported: [string, string][] = [];
    render(<RegistryPage onViewProfile={() => {}} reportAction={reportAction} onReportIdentifier={(kind, value) => reported.push([kind, value])} db={db} />);
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('+61 491 570 169');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByText('No listed profile has this phone number.')).toBeInTheDocument();
    expect(screen.getByText(/Not being listed here is not proof that it is safe/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report it' }));
    expect(reported).toEqual([['phone', '+61 491 570 169']]);
  });

  it('when the identifier searched for is not valid, then the no-match text is followed by what is wrong with it', async () => {
    await putReplicaProfiles(db, listed());
    render(<RegistryPage onViewProfile={() => {}} reportAction={reportAction} onReportIdentifier={() => {}} db={db} />);
    await screen.findByRole('heading', { name: 'Mia Park' });

    // EIP-55 with one letter's case changed
    await search('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const empty = (await screen.findByText(EMPTY_TEXT)).parentElement!;
    expect(empty.firstElementChild).toHaveTextContent(EMPTY_TEXT);
    expect(await within(empty).findByText('No listed profile has this Ethereum wallet address.')).toBeInTheDocument();
    expect(within(empty).getByText(/^Not a valid Ethereum wallet address\./)).toHaveTextContent(
      '⚠ Not a valid Ethereum wallet address. The checksum does not match: a character was probably mistyped or changed.',
    );

    await search('+99955501000');
    expect(await screen.findByText(/^Not a valid phone number\./)).toHaveTextContent(
      '⚠ Not a valid phone number. It is not a valid phone number for its country code.',
    );
  });

  it('when a valid identifier is listed nowhere, then nothing is said to be wrong with it', async () => {
    await putReplicaProfiles(db, listed());
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(await screen.findByText('No listed profile has this Ethereum wallet address.')).toBeInTheDocument();
    expect(screen.queryByText(/Not a valid/)).not.toBeInTheDocument();
  });

  it('when the query only looks like a listed name, then the warning names it once', async () => {
    await putReplicaProfiles(db, listed());
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('Aldric Quenb\u0443'); // a Cyrillic у
    const warning = await screen.findByRole('region', { name: /looks like a listed profile/ });
    expect(warning).toHaveTextContent('“Aldric Quenb\u0443” looks like the name of Aldric Quenby, listed under Scammers. It is not the same: it differs only in characters that look alike.');
  });

  it('when a case id is listed nowhere, then the page says so, with nothing to report', async () => {
    await putReplicaProfiles(db, listed());
    render(<RegistryPage onViewProfile={() => {}} reportAction={reportAction} onReportIdentifier={() => {}} db={db} />);
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('BUSTR-2025-0999');
    expect(await screen.findByText('No listed profile has this case ID.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report it' })).not.toBeInTheDocument();
  });

  it('when a plain word finds nothing, then only the spec\'s empty text and Clear Filters show', async () => {
    await putReplicaProfiles(db, listed());
    renderPage();
    await screen.findByRole('heading', { name: 'Mia Park' });

    await search('zebra');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/No listed profile has/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report it' })).not.toBeInTheDocument();
  });
});
