// The note under an identifier in the report forms: a warning when it is not valid for its kind
// (it can still be sent: a victim reports what they were sent), "Already listed in {name}" with
// a link to that profile and, for a new profile's scam, a way to add the scam there instead
// (issue 16, step 6), and "Looks like …" for a lookalike of a listed value (never a match).
import type { MouseEvent } from 'react';
import type { ValueCheck } from './checks';
import { kindWords, profileHref, useReportLookup, type ListedProfile } from './lookup';

export interface IdentifierNoteProps {
  check: ValueCheck | undefined;
  /** the profile the scam is reported on (Add Scam for a listed profile): its own match is no news */
  reportingOn?: number;
  /** offered for each listed profile holding the value: add the scam to it instead of a new profile */
  onUseListed?(profile: ListedProfile): void;
  /** the report's summary: one line each, no actions but the link */
  compact?: boolean;
}

/** Whether a check has anything to say; an empty note is not rendered at all. */
export function hasNote(check: ValueCheck | undefined): check is ValueCheck {
  return check !== undefined && (check.reading.warning !== null || check.matches.length > 0 || check.lookalikes.length > 0);
}

export function ProfileLink({ profile }: { profile: ListedProfile }) {
  const { openProfile } = useReportLookup();
  const open = openProfile
    ? (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      openProfile({ id: profile.id, profileKind: profile.profileKind, name: profile.name });
    }
    : undefined;
  // without the app's opener, the profile opens in a new tab, so the report stays as it is here
  return (
    <a href={profileHref(profile)} onClick={open} target={open ? undefined : '_blank'} rel={open ? undefined : 'noopener'}
      className="id-note__profile">
      {profile.name}
    </a>
  );
}

export function IdentifierNote({ check, reportingOn, onUseListed, compact = false }: IdentifierNoteProps) {
  if (!hasNote(check)) return null;
  const { reading, matches, lookalikes } = check;
  const here = matches.some((m) => m.id === reportingOn);
  const elsewhere = matches.filter((m) => m.id !== reportingOn);
  return (
    <div className={compact ? 'id-note id-note--compact' : 'id-note'}>
      {reading.warning ? (
        <p className="id-note__line id-note__line--warning">
          <span className="id-note__icon" aria-hidden="true">⚠</span>
          <span>
            <strong>{reading.warning}</strong>
            {compact || !reading.reason ? null : <> {reading.reason} It can still be sent as you entered it.</>}
          </span>
        </p>
      ) : null}
      {here ? (
        <p className="id-note__line id-note__line--listed">
          <span className="id-note__icon" aria-hidden="true">ℹ</span>
          <span>Already listed on this profile.</span>
        </p>
      ) : null}
      {elsewhere.map((m) => (
        <div key={`${m.profileKind}:${m.id}`} className="id-note__line id-note__line--listed">
          <span className="id-note__icon" aria-hidden="true">ℹ</span>
          <span>
            {here ? 'Also listed in ' : 'Already listed in '}<ProfileLink profile={m} /> ({kindWords(m.profileKind)}).
            {onUseListed && !compact ? (
              <>
                {' '}
                <button type="button" className="id-note__action" onClick={() => onUseListed(m)}>
                  Add this scam to {m.name} instead
                </button>
              </>
            ) : null}
          </span>
        </div>
      ))}
      {lookalikes.map((l) => (
        <p key={`${l.profileKind}:${l.id}`} className="id-note__line id-note__line--warning">
          <span className="id-note__icon" aria-hidden="true">⚠</span>
          <span>
            Looks like <strong className="id-note__value">{l.value}</strong>, listed in <ProfileLink profile={l} /> ({kindWords(l.profileKind)}), but is not the same.
          </span>
        </p>
      ))}
    </div>
  );
}
