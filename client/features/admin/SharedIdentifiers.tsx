// "Shared identifiers" in the details modal (issue 16, step 7): for a reported profile or a pending
// incident, each identifier that a listed profile holds or another submission names too, with how
// many distinct reports name it, so staff can corroborate a report or merge it with a listed profile.
// Listed profiles open in the registry (a new tab, so the panel stays); submissions waiting in the
// panel open here, in this modal.
import type { SharedIdentifier, SharingSubmission } from '../../../shared/contract/shared-identifiers';
import type { IdentifierKind } from '../../../shared/identifiers/types';
import { plural } from '../../ui/format';
import { Section } from './Fields';

/** What each kind is called in a sentence ("This wallet is named in 3 reports") and as a label. */
const KIND_WORDS: Record<IdentifierKind, { noun: string; label: string }> = {
  evm: { noun: 'wallet', label: 'Wallet (EVM)' },
  btc: { noun: 'wallet', label: 'Wallet (Bitcoin)' },
  ltc: { noun: 'wallet', label: 'Wallet (Litecoin)' },
  tron: { noun: 'wallet', label: 'Wallet (Tron)' },
  solana: { noun: 'wallet', label: 'Wallet (Solana)' },
  phone: { noun: 'phone number', label: 'Phone' },
  email: { noun: 'e-mail address', label: 'E-mail' },
  domain: { noun: 'website', label: 'Website' },
  telegram: { noun: 'Telegram handle', label: 'Telegram' },
  ipv4: { noun: 'IP address', label: 'IP address' },
  case_id: { noun: 'case ID', label: 'Case ID' },
  iban: { noun: 'bank account', label: 'Bank account (IBAN)' },
  bank_account: { noun: 'bank account', label: 'Bank account' },
};

/** "This wallet is named in 3 reports." */
export function reportsLine(identifier: Pick<SharedIdentifier, 'kind' | 'reports'>): string {
  return `This ${KIND_WORDS[identifier.kind].noun} is named in ${plural(identifier.reports, 'report', 'reports')}.`;
}

/** The panel card key of a submission (cards.ts): 'developer:51', 'project:52', 'scam:150'. */
export const submissionKey = (submission: Pick<SharingSubmission, 'type' | 'id'>) => `${submission.type}:${submission.id}`;

/** How a submission reads in the list, as its card's kind and id read. */
function submissionLabel(submission: SharingSubmission): string {
  switch (submission.type) {
    case 'developer': return `New Scammer #${submission.id}`;
    case 'project': return `New Project #${submission.id}`;
    case 'scam': return `Scam #${submission.id}`;
  }
}

/** Where the registry opens a listed profile by its case id. */
export const profileLink = (caseId: string) => `/?profile=${encodeURIComponent(caseId)}`;

export interface SharedIdentifiersProps {
  shared: readonly SharedIdentifier[];
  /** the profile a pending incident is about: named as such among the listed profiles */
  ownProfileId?: number | null;
  /** whether the panel lists the submission with this card key (it can then open it) */
  canOpen?(key: string): boolean;
  open?(key: string): void;
}

export function SharedIdentifiers({ shared, ownProfileId = null, canOpen = () => false, open }: SharedIdentifiersProps) {
  return (
    <Section title="Shared identifiers">
      {shared.length === 0 ? (
        <p className="admin-muted">No listed profile or other submission holds any of its identifiers.</p>
      ) : (
        <ul className="admin-shared">
          {shared.map((identifier) => (
            <li key={`${identifier.kind} ${identifier.canonical}`} className="admin-shared__item">
              <p className="admin-shared__head">
                <span className="admin-shared__kind">{KIND_WORDS[identifier.kind].label}</span>
                <code className="admin-code admin-shared__value">{identifier.value}</code>
              </p>
              <p className="admin-shared__reports">{reportsLine(identifier)}</p>
              {identifier.profiles.length ? (
                <div className="admin-shared__group">
                  <p className="admin-shared__label">Listed in the registry</p>
                  <ul className="admin-shared__list">
                    {identifier.profiles.map((profile) => (
                      <li key={profile.id}>
                        <a href={profileLink(profile.case_id)} target="_blank" rel="noopener">{profile.name}</a>
                        {' '}<span className="admin-shared__meta">
                          {profile.kind === 'project' ? 'Project' : 'Scammer'} · <span className="admin-shared__case">{profile.case_id}</span>
                          {profile.id === ownProfileId ? ' · the profile this scam is about' : ''}
                        </span>
                        {profile.value !== identifier.value ? <span className="admin-shared__as">as <code>{profile.value}</code></span> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {identifier.submissions.length ? (
                <div className="admin-shared__group">
                  <p className="admin-shared__label">Also awaiting review</p>
                  <ul className="admin-shared__list">
                    {identifier.submissions.map((submission) => {
                      const key = submissionKey(submission);
                      const label = submissionLabel(submission);
                      return (
                        <li key={key}>
                          {open && canOpen(key) ? (
                            <button type="button" className="admin-shared__open" onClick={() => open(key)}>{label}</button>
                          ) : <span>{label}</span>}
                          {' '}<span className="admin-shared__meta">{submission.name}</span>
                          {submission.value !== identifier.value ? <span className="admin-shared__as">as <code>{submission.value}</code></span> : null}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
