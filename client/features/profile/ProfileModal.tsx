// product.md#screens-profile ("Profile modal"): one profile as the replica holds it, with its incidents, its total
// reported loss and its match with the active filters, and the ways to act on it: report an
// incident (the Add Scam modal, composed by the app), request changes, request removal.
// Everything shown is read from the local replica, so it works offline. A profile found by one of
// its identifiers opens with that identifier first (the Matched row), and the profile has its own
// link to copy or share (client/state/registry-link.ts).
import { useEffect, useRef, useState } from 'react';
import { formatBankAccount } from '../../../shared/domain/bank-accounts';
import { caseId } from '../../../shared/domain/case-id';
import type { IdentifierKind } from '../../../shared/identifiers';
import { hasActiveFilters, matchColour, type ActiveFilters } from '../../../shared/search/criteria';
import { ensureDetails, getIncidents, getProfiles, localDb, useRegistryVersion, type LocalIncident, type LocalProfile, type RegistryDb } from '../../local';
import { useRegistryQuery } from '../../state/registry-query';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { EditRequestDialog } from './EditRequestDialog';
import { matchedLabel } from './matched-label';
import type { ProfileMatch } from './profile-match';
import type { SubmittedMessage } from './messages';
import { SubmittedNote } from './Notes';
import { formatMoney, formatTotalLoss, incidentDate, totalLoss } from './profile-data';
import { RemovalDialog } from './RemovalDialog';
import { ScamDetailModal } from './ScamDetailModal';
import { ShareProfileLink } from './ShareProfileLink';
import './profile.css';

export interface ProfileModalProps {
  profile: LocalProfile | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** "Report an Incident": the app opens its Add Scam modal for this profile */
  onAddIncident(profile: LocalProfile): void;
  db?: RegistryDb;
  /** what the dialog says while it has no profile to show (a link whose profile is loading or not listed) */
  absent?: ProfileAbsence;
  /**
   * the match its card showed (score, and the identifier that found it), for the search and
   * filters it was found with; without it (a link) the modal computes it (profile-match.ts)
   */
  match?: GivenMatch | null;
}

/** A card's match with the search and filters it answered. */
export interface GivenMatch extends ProfileMatch {
  profileId: number;
  query: string;
  filters: ActiveFilters;
}

export interface ProfileAbsence {
  /** the dialog's title: the case id the link names */
  title: string;
  text: string;
}

/** product.md#screens: fixed texts of the profile modal */
export const CONFIDENCE_LABEL = 'Medium';
export const ATTACHMENTS_LABEL = 'Attachments (0)';

type IncidentsState =
  | { status: 'loading' }
  /** `avatar`: the picture as the replica holds it now (a light profile's comes with its details) */
  | { status: 'ready'; incidents: LocalIncident[]; avatar: string | null }
  /** a light profile whose details are not on this device and could not be read (issue 17) */
  | { status: 'not-saved' }
  | { status: 'error'; message: string };

// docs/product.md#offline-details
export const DETAILS_NOT_SAVED_TEXT = 'The incidents and picture of this profile are not saved on this device. They load when you are online.';

const AVATAR_SIZE = 72;

/**
 * The profile's match with the search and filters: the card's when it was found with these, 100
 * and nothing matched when neither is active, else computed by profile-match.ts, loaded then (it
 * reads identifiers: shared/identifiers stays out of the modal's own download). Null until known.
 */
function useProfileMatch(profile: LocalProfile | null, filters: ActiveFilters, query: string, given: GivenMatch | null | undefined): ProfileMatch | null {
  const card = given && profile && given.profileId === profile.id && given.query === query && given.filters === filters ? given : null;
  const idle = !query.trim() && !hasActiveFilters(filters);
  const need = profile && !card && !idle ? profile : null;
  const [computed, setComputed] = useState<{ profile: LocalProfile; query: string; filters: ActiveFilters; match: ProfileMatch } | null>(null);
  useEffect(() => {
    if (!need) return;
    let cancelled = false;
    import('./profile-match').then(
      ({ profileMatch }) => { if (!cancelled) setComputed({ profile: need, query, filters, match: profileMatch(need, filters, query) }); },
      (error: unknown) => console.error('Computing the match failed', error),
    );
    return () => { cancelled = true; };
  }, [need, filters, query]);
  if (!profile) return null;
  if (card) return { score: card.score, matched: card.matched };
  if (idle) return { score: 100, matched: null };
  return computed && computed.profile === profile && computed.query === query && computed.filters === filters ? computed.match : null;
}

/** A profile's incidents from the replica, read again when a sync changed it. */
function useIncidents(profileId: number | null, db: RegistryDb): IncidentsState {
  const version = useRegistryVersion(db);
  const [read, setRead] = useState<{ profileId: number; state: IncidentsState } | null>(null);
  useEffect(() => {
    if (profileId === null) return;
    let cancelled = false;
    // a profile from the light sync form reads its details now, and keeps them (issue 17)
    ensureDetails(profileId, db).then(async (held) => {
      if (held === 'not-saved') return { status: 'not-saved' } as const;
      // (a profile found online has its picture in the profiles found online, not in the replica)
      const [incidents, [profile]] = await Promise.all([getIncidents(profileId, db), getProfiles([profileId], db)]);
      return { status: 'ready', incidents, avatar: profile?.avatar ?? null } as const;
    }).then(
      (state) => { if (!cancelled) setRead({ profileId, state }); },
      (error: unknown) => {
        // product.md#errors: shown as 'Failed to load incidents: ' plus the message; the list becomes empty
        console.error('Loading incidents failed', error);
        const message = error instanceof Error ? error.message : String(error);
        if (!cancelled) setRead({ profileId, state: { status: 'error', message } });
      },
    );
    return () => { cancelled = true; };
  }, [profileId, db, version]);
  // another profile's list is never shown while this one's loads
  return read && read.profileId === profileId ? read.state : { status: 'loading' };
}

export function ProfileModal({ profile, open, onOpenChange, onAddIncident, db = localDb, absent, match: given }: ProfileModalProps) {
  const incidentsState = useIncidents(open && profile ? profile.id : null, db);
  const filters = useRegistryQuery((s) => s.filters);
  const query = useRegistryQuery((s) => s.query);
  // each kept with the profile it belongs to, so a modal reopened on another profile starts clean
  const [dialogOf, setDialogOf] = useState<{ profileId: number; which: 'edit' | 'removal' } | null>(null);
  const [detail, setDetail] = useState<LocalIncident | null>(null);
  const [message, setMessage] = useState<{ profileId: number; message: SubmittedMessage } | null>(null);
  // issue 19: a request sent from the bottom of a long profile must not be confirmed out of sight;
  // the closing dialog hands focus to the message (Modal finalFocus), which scrolls it into view
  const messageRef = useRef<HTMLDivElement>(null);
  const dialog = open && profile && dialogOf?.profileId === profile.id ? dialogOf.which : null;
  const shownDetail = open && profile && detail?.profileId === profile.id ? detail : null;

  const changeOpen = (next: boolean) => {
    if (!next) {
      setDialogOf(null);
      setDetail(null);
      setMessage(null);
    }
    onOpenChange(next);
  };

  const openDialog = (which: 'edit' | 'removal') => {
    if (!profile) return;
    setMessage(null); // the last request's message is old news once another starts
    setDialogOf({ profileId: profile.id, which });
  };
  const closeDialog = () => setDialogOf(null);

  const incidents = incidentsState.status === 'ready' ? incidentsState.incidents : [];
  const match = useProfileMatch(profile, filters, query, given);
  const loss = formatTotalLoss(totalLoss(incidents));
  const shownMessage = message && message.profileId === profile?.id ? message.message : null;
  const submitted = (m: SubmittedMessage) => { if (profile) setMessage({ profileId: profile.id, message: m }); };
  const matched = match?.matched ?? null;
  const matchedShown = profile && matched ? shownIdentifier(profile, matched) : null;

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={profile?.name ?? absent?.title ?? 'Profile'}
      size="xl"
      footer={profile ? (
        <div className="profile-actions">
          {/* 'Provide Info' (product.md#calls names its dialog) is left out: nothing in the spec or the
              design says what it asks or where it sends it (docs/design.md#not-built). */}
          <button type="button" className="button" onClick={() => onAddIncident(profile)}>Report an Incident</button>
          <button type="button" className="button button--secondary" onClick={() => openDialog('edit')}>Request Changes</button>
          <button type="button" className="button button--secondary" onClick={() => openDialog('removal')}>Request Removal</button>
        </div>
      ) : null}
    >
      {profile ? (
        <div className="profile">
          {shownMessage ? <SubmittedNote ref={messageRef} message={shownMessage} /> : null}

          <header className="profile-head">
            <Avatar name={profile.name} src={incidentsState.status === 'ready' ? incidentsState.avatar ?? profile.avatar : profile.avatar} size={AVATAR_SIZE} />
            <div className="profile-head__text">
              {profile.nickname ? <p className="profile-head__nickname">“{profile.nickname}”</p> : null}
              <p className="profile-head__case">
                <span className="visually-hidden">Case ID </span>
                <code>{caseId(profile.id)}</code>
              </p>
            </div>
            <ShareProfileLink profileId={profile.id} profileName={profile.name} />
            {match ? (
              <p className={`profile-match profile-match--${matchColour(match.score)}`}>
                <span className="profile-match__value">{match.score}%</span>
                <span className="profile-match__label">Match</span>
              </p>
            ) : null}
          </header>

          {matched && matchedShown ? <MatchedIdentifier kind={matched.kind} shown={matchedShown} /> : null}

          <dl className="profile-stats">
            <div className="profile-stats__item profile-stats__item--wide">
              <dt>Total reported loss</dt>
              <dd>
                <strong className="profile-stats__value">
                  {incidentsState.status === 'loading' ? '…' : incidentsState.status === 'ready' ? loss.headline : '—'}
                </strong>
                {loss.note && incidentsState.status === 'ready' ? <span className="profile-stats__note">{loss.note}</span> : null}
              </dd>
            </div>
            <div className="profile-stats__item">
              <dt>Confidence</dt>
              <dd><strong className="profile-stats__value">{CONFIDENCE_LABEL}</strong></dd>
            </div>
            <div className="profile-stats__item">
              <dt>Incidents</dt>
              <dd><strong className="profile-stats__value">{incidentsState.status === 'ready' ? incidents.length : incidentsState.status === 'not-saved' ? '—' : '…'}</strong></dd>
            </div>
          </dl>

          <ProfileFacts profile={profile} />
          <Identifiers profile={profile} matched={matchedShown} />

          <section className="profile-section" aria-labelledby="profile-incidents">
            <h3 id="profile-incidents" className="profile-section__title">Incidents</h3>
            {incidentsState.status === 'loading' ? <p className="profile-muted" role="status">Loading incidents…</p> : null}
            {incidentsState.status === 'error'
              ? <p className="profile-form__failure" role="alert">{`Failed to load incidents: ${incidentsState.message}`}</p>
              : null}
            {incidentsState.status === 'not-saved' ? <p className="profile-muted profile-details-missing" role="status">{DETAILS_NOT_SAVED_TEXT}</p> : null}
            {incidentsState.status === 'ready' && incidents.length === 0 ? <p className="profile-muted">No incidents recorded.</p> : null}
            {incidents.length > 0 ? (
              <ul className="incident-list">
                {incidents.map((incident) => (
                  <li key={incident.id}>
                    <button type="button" className="incident-list__item" onClick={() => setDetail(incident)}
                      aria-label={incidentName(incident)}>
                      <span className="incident-list__top">
                        <span className="incident-list__date">{incidentDate(incident) || 'No date'}</span>
                        {formatMoney(incident.amount, incident.currency)
                          ? <span className="incident-list__amount">{formatMoney(incident.amount, incident.currency)}</span>
                          : null}
                      </span>
                      {incident.types.length > 0 ? <span className="incident-list__types">{incident.types.join(', ')}</span> : null}
                      {incident.description ? <span className="incident-list__description">{incident.description}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section className="profile-section" aria-labelledby="profile-attachments">
            <h3 id="profile-attachments" className="profile-section__title">{ATTACHMENTS_LABEL}</h3>
            <p className="profile-muted">No attachments.</p>
          </section>

          <ScamDetailModal incident={shownDetail} profileName={profile.name} open={shownDetail !== null}
            onOpenChange={(next) => { if (!next) setDetail(null); }} />
          <EditRequestDialog profile={profile} incidents={incidentsState.status === 'loading' ? null : incidents}
            open={dialog === 'edit'} onOpenChange={(next) => (next ? openDialog('edit') : closeDialog())} onSubmitted={submitted}
            messageRef={messageRef} db={db} />
          <RemovalDialog profile={profile} open={dialog === 'removal'}
            onOpenChange={(next) => (next ? openDialog('removal') : closeDialog())} onSubmitted={submitted}
            messageRef={messageRef} db={db} />
        </div>
      ) : absent ? (
        <p className="profile-muted" role="status">{absent.text}</p>
      ) : null}
    </Modal>
  );
}

/** An identifier as the Identifiers section shows it (a bank account with its bank's name). */
function shownIdentifier(profile: LocalProfile, matched: NonNullable<ProfileMatch['matched']>): string {
  const account = matched.field === 'bankAccounts' ? profile.bankAccounts.find((b) => b.account === matched.value) : undefined;
  return account ? formatBankAccount(account) : matched.value;
}

/** The identifier the search found this profile by, first. */
function MatchedIdentifier({ kind, shown }: { kind: IdentifierKind; shown: string }) {
  return (
    <section className="profile-matched" aria-labelledby="profile-matched">
      <h3 id="profile-matched" className="profile-matched__title">Matched</h3>
      <dl className="profile-matched__row">
        <dt>{matchedLabel(kind)}</dt>
        <dd><code>{shown}</code></dd>
      </dl>
      <p className="profile-matched__note">What you searched for is listed on this profile.</p>
    </section>
  );
}

/** What a screen reader says for an incident button: "Incident of 2024-03-14: Rug Pull, 1,500 USD". */
function incidentName(incident: LocalIncident): string {
  const what = [incident.types.join(', ') || 'details', formatMoney(incident.amount, incident.currency)].filter(Boolean).join(', ');
  return `Incident of ${incidentDate(incident) || 'unknown date'}: ${what}`;
}

function ProfileFacts({ profile }: { profile: LocalProfile }) {
  const companies = [...new Set([...profile.company, ...profile.companiesUsed])];
  const facts: [string, string][] = [
    ['Location', profile.location || 'Not specified'],
    ['Nationality', profile.nationality || 'Not specified'],
    ['Gender', profile.gender || 'Not specified'],
    ['Languages', profile.languages.join(', ') || 'Not specified'],
    ['Companies', companies.join(', ') || 'None recorded'],
  ];
  return (
    <section className="profile-section" aria-labelledby="profile-about">
      <h3 id="profile-about" className="profile-section__title">About</h3>
      <dl className="profile-facts">
        {facts.map(([term, value]) => (
          <div key={term} className="profile-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {profile.scam_type.length > 0 ? (
          <div className="profile-facts__row">
            <dt>Scam types</dt>
            <dd><ul className="chips">{profile.scam_type.map((t) => <li key={t} className="chip">{t}</li>)}</ul></dd>
          </div>
        ) : null}
        {profile.industry.length > 0 ? (
          <div className="profile-facts__row">
            <dt>Industries</dt>
            <dd>{profile.industry.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {/* user text, rendered as text */}
      {profile.bio ? <p className="profile-text">{profile.bio}</p> : null}
    </section>
  );
}

/**
 * What a person looks up to check someone: wallets, handles, addresses. Shown as text to copy,
 * never as links — a reported scam site should not be one click away.
 */
function Identifiers({ profile, matched }: { profile: LocalProfile; matched: string | null }) {
  const banks = profile.bankAccounts.map(formatBankAccount);
  const bankNamesOnly = profile.bank.filter((name) => !profile.bankAccounts.some((b) => b.bank_name === name));
  const groups: [string, string[], boolean?][] = [
    ['Wallet addresses', profile.walletAddresses, true],
    ['Telegram handles', profile.telegram],
    ['Email addresses', profile.email],
    ['Phone numbers', profile.phone],
    ['Websites', profile.website, true],
    ['Bank accounts', [...banks, ...bankNamesOnly], true],
    ['IP addresses', profile.ipAddresses, true],
  ];
  const shown = groups.filter(([, values]) => values.length > 0);
  return (
    <section className="profile-section" aria-labelledby="profile-identifiers">
      <h3 id="profile-identifiers" className="profile-section__title">Identifiers</h3>
      {shown.length === 0 ? <p className="profile-muted">No identifiers recorded.</p> : (
        <dl className="profile-facts profile-facts--stacked">
          {shown.map(([term, values, mono]) => (
            <div key={term} className="profile-facts__row">
              <dt>{term}</dt>
              <dd>
                <ul className={mono ? 'identifier-list identifier-list--mono' : 'identifier-list'}>
                  {values.map((v) => <li key={v} className={v === matched ? 'identifier-list__matched' : undefined}>{v}</li>)}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
