// Test helpers of the report feature: a replica filled with real-shaped profiles (as a sync
// stores them), the dialogs rendered with an opener, as the app composes them, and a real
// registry lookup over a few listed profiles, built from shared/identifiers (what the app's
// search engine answers from the replica).
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { identify, lookalike, profileIdentifiers, type ProfileIdentifierSource } from '../../../shared/identifiers';
import { sampleProfile } from '../../../shared/test-support';
import type { Profile } from '../../../shared/contract/profile';
import type { ProfileKind } from '../../../shared/contract/common';
import type { LocalProfile, RegistryDb } from '../../local';
import { putReplicaProfiles } from '../../local/test-support';
import { AddScamModal, type AddScamModalProps } from './AddScamModal';
import { ReportLookupProvider, type ListedLookalike, type ListedMatch, type ListedProfile, type ReportLookup } from './checks/lookup';
import { ReportButton } from './ReportButton';

let nextId = 100;

/** Verified profiles in the replica, with every field a sync brings. */
export async function fillReplica(db: RegistryDb, kind: ProfileKind, profiles: Partial<Profile>[]): Promise<LocalProfile[]> {
  const rows = profiles.map((p): LocalProfile => ({ ...sampleProfile({ id: nextId++, ...p }), kind, revision: 1 }));
  await putReplicaProfiles(db, rows);
  return rows;
}

export function AddScamHarness(props: Omit<AddScamModalProps, 'open' | 'onOpenChange'> & { startOpen?: boolean; lookups?: ReportLookup }) {
  const { startOpen = false, lookups = {}, ...rest } = props;
  const [open, setOpen] = useState(startOpen);
  return (
    <ReportLookupProvider value={lookups}>
      <button type="button" onClick={() => setOpen(true)}>Open Add Scam</button>
      <AddScamModal {...rest} open={open} onOpenChange={setOpen} />
    </ReportLookupProvider>
  );
}

export function ReportHarness({ kind = 'developer', db, lookups = {} }: { kind?: ProfileKind; db: RegistryDb; lookups?: ReportLookup }) {
  return (
    <ReportLookupProvider value={lookups}>
      <ReportButton kind={kind} db={db} />
    </ReportLookupProvider>
  );
}

/** The dialog, once its form has been read from the device (it says Loading… until then). */
export async function dialogNamed(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByText('Loading…')).not.toBeInTheDocument());
  return dialog;
}

/** Enters text into the labelled field of `scope` (a dialog), as a paste: one input event, fast. */
export async function typeInto(scope: HTMLElement, label: string | RegExp, text: string) {
  await userEvent.click(within(scope).getByLabelText(label));
  await userEvent.paste(text);
}

/** Fills the two required fields of the Add Scam form. */
export async function fillRequired(dialog: HTMLElement, description: string, amount: string) {
  await typeInto(dialog, /^Description/, description);
  await typeInto(dialog, /^Lost amount/, amount);
}

/** A listed profile for registryLookup: its kind, name and whichever identifier fields the test needs. */
export type ListedFixture = ListedProfile & Partial<ProfileIdentifierSource>;

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const family = (kind: string) => (kind === 'iban' ? 'bank_account' : kind);

/**
 * The lookups the app gives the report forms, answered over `listed` the way the registry's index
 * does: the text's readings (identify) against each profile's identifiers (profileIdentifiers),
 * by kind and canonical form; lookalikes of domains and handles by shared/identifiers' lookalike().
 */
export function registryLookup(listed: readonly ListedFixture[], openProfile?: ReportLookup['openProfile']): ReportLookup {
  const held = listed.map((p) => ({
    profile: { id: p.id, profileKind: p.profileKind, name: p.name },
    identifiers: profileIdentifiers({
      walletAddresses: [], phone: [], email: [], website: [], telegram: [], ipAddresses: [], bankAccounts: [], ...p,
    }).filter((i) => i.field !== 'id'),
  }));
  return {
    openProfile,
    async lookup(text) {
      const readings = identify(text);
      const matches: ListedMatch[] = [];
      const lookalikes: ListedLookalike[] = [];
      for (const { profile, identifiers } of held) {
        for (const i of identifiers) {
          const same = readings.some((r) => family(r.kind) === family(i.kind) && r.canonical === i.canonical);
          if (same) { matches.push({ ...profile, field: i.field, value: i.value }); continue; }
          for (const r of readings) {
            if ((r.kind !== 'domain' && r.kind !== 'telegram') || r.kind !== i.kind) continue;
            const found = lookalike(r.kind, text, i.value);
            if (found) lookalikes.push({ ...profile, field: i.field, value: i.value, reason: found.reason });
          }
        }
      }
      return { matches, lookalikes };
    },
    async findName(name) {
      return held.filter(({ profile }) => sameName(profile.name, name)).map(({ profile }) => profile);
    },
  };
}
