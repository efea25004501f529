// Test helpers of the report feature: a replica filled with real-shaped profiles (as a sync
// stores them), and the dialogs rendered with an opener, as the app composes them.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { sampleProfile } from '../../../shared/test-support';
import type { Profile } from '../../../shared/contract/profile';
import type { ProfileKind } from '../../../shared/contract/common';
import type { LocalProfile, RegistryDb } from '../../local';
import { putReplicaProfiles } from '../../local/test-support';
import { AddScamModal, type AddScamModalProps } from './AddScamModal';
import { ReportButton } from './ReportButton';

let nextId = 100;

/** Verified profiles in the replica, with every field a sync brings. */
export async function fillReplica(db: RegistryDb, kind: ProfileKind, profiles: Partial<Profile>[]): Promise<LocalProfile[]> {
  const rows = profiles.map((p): LocalProfile => ({ ...sampleProfile({ id: nextId++, ...p }), kind, revision: 1 }));
  await putReplicaProfiles(db, rows);
  return rows;
}

export function AddScamHarness(props: Omit<AddScamModalProps, 'open' | 'onOpenChange'> & { startOpen?: boolean }) {
  const { startOpen = false, ...rest } = props;
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open Add Scam</button>
      <AddScamModal {...rest} open={open} onOpenChange={setOpen} />
    </>
  );
}

export function ReportHarness({ kind = 'developer', db }: { kind?: ProfileKind; db: RegistryDb }) {
  return <ReportButton kind={kind} db={db} />;
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
