// /stats (issue 20) over a replica in fake IndexedDB: the totals and tables come from the profiles
// on the device, a sync that changes them changes the figures, and an empty replica says so.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalProfile, RegistryDb } from '../../local';
import { dropDb, freshDb, putReplicaProfiles } from '../../local/test-support';
import { incidentSchema } from '../../../shared/contract/incident';
import { sampleProfile } from '../../../shared/test-support';
import { StatsPage } from './StatsPage';

const ada: LocalProfile = { ...sampleProfile({ id: 7, name: 'Ada Example', scam_type: ['Rug Pull'], walletAddresses: ['0xabc', '0xdef'] }), kind: 'developer', revision: 1 };
const moon: LocalProfile = { ...sampleProfile({ id: 8, name: 'Moon Token', scam_type: ['Rug Pull', 'Exit Scam'], walletAddresses: [] }), kind: 'project', revision: 1 };
const incident = (id: number, profileId: number, amount: number, currency: string, occurred: string) =>
  ({ ...incidentSchema.parse({ id, description: 'Took the money.', amount, currency, occurred, status: 'approved' }), profileId });

let db: RegistryDb;
beforeEach(() => { db = freshDb(); });
afterEach(async () => { await dropDb(db); });

const table = (header: string) => screen.getAllByRole('table').find((t) => within(t).queryByRole('columnheader', { name: header }))!;
const rows = (t: HTMLElement) => [...t.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('the statistics page', () => {
  it('when the replica holds profiles, then it shows their totals, losses by currency and the rankings', async () => {
    await putReplicaProfiles(db, [ada, moon], {
      incidents: [incident(70, 7, 900, 'USD', '2025-03-02'), incident(71, 8, 100.5, 'USD', '2025-01-10'), incident(72, 8, 2, 'ETH', '2024-12-01')],
    });
    render(<StatsPage db={db} />);

    await screen.findByText('1 scammers, 1 projects');
    expect(rows(table('Currency'))).toEqual([['USD', '1,000.50', '2'], ['ETH', '2.00', '1']]);
    expect(rows(table('Scam type'))).toEqual([['Rug Pull', '2', ''], ['Exit Scam', '1', '']]);
    expect(rows(table('Identifier kind'))).toContainEqual(['Wallet addresses', '2', '1', '']);
    expect(screen.getByRole('img', { name: 'Reported losses per month, in USD' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  });

  it('when a sync changes the replica, then the figures follow', async () => {
    await putReplicaProfiles(db, [ada]);
    render(<StatsPage db={db} />);
    await screen.findByText('1 scammers, 0 projects');
    await putReplicaProfiles(db, [moon]);
    await waitFor(() => expect(screen.getByText('1 scammers, 1 projects')).toBeInTheDocument());
  });

  it('when the replica is empty, then it says the statistics appear once it has synced', async () => {
    render(<StatsPage db={db} />);
    await screen.findByText('The registry on this device is empty: its statistics appear once it has synced.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
