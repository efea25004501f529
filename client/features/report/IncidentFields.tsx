// The Add Scam modal's form (product.md#entities-scam-draft ("Scam draft form")): one incident, its fields grouped as the
// screen shows them. The modal (AddScamModal.tsx) owns the draft; this only renders and edits it.
import { useMemo } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import type { RegistryDb } from '../../local';
import { Field } from '../../ui/Field';
import { SearchableMultiValueField } from '../../ui/SearchableMultiValueField';
import { TagInput } from '../../ui/TagInput';
import { AvatarField } from './AvatarField';
import { useIdentifierChecks } from './checks/checks';
import type { IdentifierListField } from './checks/identifier-fields';
import { hasNote, IdentifierNote } from './checks/IdentifierNote';
import type { ListedProfile } from './checks/lookup';
import { KNOWN_SCAM_TYPES } from '../../../shared/contract/scam-submit';
import type { ScamDraft, ScamDraftField } from './scam-draft';
import { useReplicaSuggestions } from './suggestions';

export interface IncidentFieldsProps {
  kind: ProfileKind;
  db: RegistryDb;
  value: ScamDraft;
  set<F extends ScamDraftField>(field: F, next: ScamDraft[F]): void;
  touch(field: ScamDraftField): void;
  problem(field: ScamDraftField): string | undefined;
  disabled: boolean;
  /** the listed profile the scam is reported on, if any (Add Scam on a profile) */
  reportingOn?: number;
  /** a new profile's scam: move it to a listed profile that already holds one of its identifiers */
  onUseListed?(profile: ListedProfile): void;
}

/** The form's fields; mounted only while the dialog is open, so the replica is read then. */
export function IncidentFields({ kind, db, value, set, touch, problem, disabled, reportingOn, onUseListed }: IncidentFieldsProps) {
  const suggest = useReplicaSuggestions(kind, db);
  const someone = kind === 'developer' ? 'the scammer' : 'the project';
  const { walletAddresses, phoneNumbers, emails, websites, telegramHandles, bankAccounts, ipAddresses } = value;
  const lists = useMemo(
    () => ({ walletAddresses, phoneNumbers, emails, websites, telegramHandles, bankAccounts, ipAddresses }),
    [walletAddresses, phoneNumbers, emails, websites, telegramHandles, bankAccounts, ipAddresses],
  );
  const checkOf = useIdentifierChecks(lists);
  // issue 16 step 6: each identifier is checked as it is added, and the note shows under it
  const notes = (field: IdentifierListField) => (v: string) => {
    const check = checkOf(field, v);
    return hasNote(check) ? <IdentifierNote check={check} reportingOn={reportingOn} onUseListed={onUseListed} /> : null;
  };

  return (
    <>
      <fieldset className="report-section" disabled={disabled}>
        <legend>What happened</legend>
        <Field label="Description" required problem={problem('description')} hint="How it happened, step by step: what they promised, what you paid, what followed.">
          {(props) => (
            <textarea {...props} className="text-input report-textarea" rows={5} required aria-required="true" value={value.description}
              onChange={(e) => set('description', e.target.value)} onBlur={() => touch('description')} />
          )}
        </Field>
        <div className="report-row">
          <Field label="Lost amount" required problem={problem('lostAmount')} hint="A number, like 1250 or 1250.50." className="report-row__grow">
            {(props) => (
              <input {...props} className="text-input" type="text" inputMode="decimal" autoComplete="off" required aria-required="true"
                value={value.lostAmount} onChange={(e) => set('lostAmount', e.target.value)} onBlur={() => touch('lostAmount')} />
            )}
          </Field>
          <Field label="Currency" problem={problem('currency')} className="report-row__currency">
            {(props) => (
              <input {...props} className="text-input" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={10}
                value={value.currency} onChange={(e) => set('currency', e.target.value.toUpperCase())} onBlur={() => touch('currency')} />
            )}
          </Field>
        </div>
        <Field label="Date of the scam" problem={problem('scamDate')}>
          {(props) => (
            <input {...props} className="text-input report-date" type="date" value={value.scamDate}
              onChange={(e) => set('scamDate', e.target.value)} onBlur={() => touch('scamDate')} />
          )}
        </Field>
        <SearchableMultiValueField label="Scam types" values={value.scamTypes} onChange={(v) => set('scamTypes', v)}
          loadSuggestions={suggest('Scam Type', KNOWN_SCAM_TYPES)} placeholder="e.g. Rug Pull" disabled={disabled} />
        <SearchableMultiValueField label="Industries" values={value.industries} onChange={(v) => set('industries', v)}
          loadSuggestions={suggest('Industry')} placeholder="e.g. DeFi" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Who did it</legend>
        <TagInput label="Nicknames" values={value.nickname} onChange={(v) => set('nickname', v)} placeholder={`A name ${someone} used`} disabled={disabled} />
        <AvatarField value={value.avatar} onChange={(v) => set('avatar', v)} problem={problem('avatar')} disabled={disabled} />
        <SearchableMultiValueField label="Company used" values={value.companiesUsed} onChange={(v) => set('companiesUsed', v)}
          loadSuggestions={suggest(['Companies Used', 'Company'])} max={1} hint="One company at most." disabled={disabled} />
        <TagInput label="Company addresses" values={value.company_address} onChange={(v) => set('company_address', v)} disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>How they reached you</legend>
        <TagInput label="Websites" values={value.websites} onChange={(v) => set('websites', v)} notes={notes('websites')} inputMode="url" placeholder="scam-site.example" disabled={disabled} />
        <TagInput label="Email addresses" values={value.emails} onChange={(v) => set('emails', v)} notes={notes('emails')} inputMode="email" disabled={disabled} />
        <TagInput label="Phone numbers" values={value.phoneNumbers} onChange={(v) => set('phoneNumbers', v)} notes={notes('phoneNumbers')} inputMode="tel" disabled={disabled} />
        <TagInput label="Telegram handles" values={value.telegramHandles} onChange={(v) => set('telegramHandles', v)} notes={notes('telegramHandles')} placeholder="@handle" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Where the money went</legend>
        <TagInput label="Wallet addresses" values={value.walletAddresses} onChange={(v) => set('walletAddresses', v)} notes={notes('walletAddresses')} placeholder="0x…, bc1…" disabled={disabled} />
        <SearchableMultiValueField label="Banks" values={value.bankNames} onChange={(v) => set('bankNames', v)}
          loadSuggestions={suggest('Banks')} disabled={disabled} />
        <TagInput label="Bank accounts" values={value.bankAccounts} onChange={(v) => set('bankAccounts', v)} notes={notes('bankAccounts')} disabled={disabled} />
        <p className="field-hint report-pairing">Banks and accounts are paired in order: the first account with the first bank.</p>
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Technical details</legend>
        <TagInput label="IP addresses" values={value.ipAddresses} onChange={(v) => set('ipAddresses', v)} notes={notes('ipAddresses')} inputMode="decimal" placeholder="203.0.113.7" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Your contact</legend>
        <Field label="How staff can reach you" problem={problem('victimsContact')} hint="Optional. Only staff see it, to ask you more.">
          {(props) => (
            <input {...props} className="text-input" type="text" autoComplete="email" value={value.victimsContact}
              onChange={(e) => set('victimsContact', e.target.value)} onBlur={() => touch('victimsContact')} />
          )}
        </Field>
      </fieldset>
    </>
  );
}
