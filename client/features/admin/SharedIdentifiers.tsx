// "Shared identifiers" in the details modal (issue 16, step 7): for a reported profile or a pending
// incident, each identifier that a listed profile holds or another submission names too, with how
// many distinct reports name it, so staff can corroborate a report or merge it with a listed profile.
// Listed profiles open in the registry (a new tab, so the panel stays); submissions waiting in the
// panel open here, in this modal.
import type { SharedIdentifier, SharingSubmission } from '../../../shared/contract/shared-identifiers';
import { KIND_WORDS, kindTitle } from '../../../shared/identifiers/kind-words';
import { plural } from '../../ui/format';
import { Section } from './Fields';
import { KIND_LABELS, kindLabel } from './kind-label';

/** "This Ethereum wallet address is named in 3 reports." (the kind words every screen uses) */
export function reportsLine(identifier: Pick<SharedIdentifier, 'kind' | 'reports'>): string {
  return `This ${KIND_WORDS[identifier.kind]} is named in ${plural(identifier.reports, 'report', 'reports')}.`;
}

/** The panel card key of a submission (cards.ts): 'developer:51', 'project:52', 'scam:150'. */
export const submissionKey = (submission: Pick<SharingSubmission, 'type' | 'id'>) => `${submission.type}:${submission.id}`;

/** How a submission reads in the list: as its card's kind and its details modal's title read ("New Scammer Scam #150"). */
export function submissionLabel(submission: SharingSubmission): string {
  const kind = submission.type === 'developer' ? kindLabel({ list: 'developers', kind: submission.submission_kind })
    : submission.type === 'project' ? kindLabel({ list: 'projects' })
      : submission.profile_kind === 'project' ? KIND_LABELS.newProjectScam : KIND_LABELS.newScammerScam;
  return `${kind} #${submission.id}`;
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
                <span className="admin-shared__kind">{kindTitle(identifier.kind)}</span>
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
