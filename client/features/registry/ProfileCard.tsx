// product.md#screens-card ("Profile card"): avatar (initials fallback), name, optional nickname in quotes,
// companies joined by commas, bio clamped to 2 lines, location, gender or 'Not specified',
// the first CARD_SCAM_TYPE_CHIPS scam types plus '+N more', the Match badge and View Profile.
// Everything here is the visitor's text, rendered as text. A card found by an identifier
// (issue 16) says which, under the name, where it is seen first.
import { useId } from 'react';
import { CARD_SCAM_TYPE_CHIPS } from '../../../shared/constants';
import type { Profile } from '../../../shared/contract/profile';
import { matchColour } from '../../../shared/search/criteria';
import type { IdentifierMatch } from '../../local';
import { Avatar } from '../../ui/Avatar';
import { kindTitle } from './identifier-text';

const AVATAR_PX = 56;

export interface ProfileCardProps {
  profile: Profile;
  /** the match score, 0–100 (shared/search/reference.ts matchScore) */
  score: number;
  /** the identifier the search found it by, when it was */
  matched?: IdentifierMatch;
  onViewProfile(): void;
}

export function ProfileCard({ profile, score, matched, onViewProfile }: ProfileCardProps) {
  const headingId = useId();
  const companies = profile.company.map((c) => c.trim()).filter(Boolean);
  const scamTypes = profile.scam_type.filter((t) => t.trim());
  const shown = scamTypes.slice(0, CARD_SCAM_TYPE_CHIPS);
  const more = scamTypes.length - shown.length;
  const colour = matchColour(score);

  return (
    <article className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__top">
        <Avatar name={profile.name} src={profile.avatar} size={AVATAR_PX} />
        <div className="profile-card__names">
          <h3 id={headingId} className="profile-card__name">{profile.name}</h3>
          {profile.nickname.trim() ? <p className="profile-card__nickname">“{profile.nickname.trim()}”</p> : null}
          {companies.length > 0 ? <p className="profile-card__companies">{companies.join(', ')}</p> : null}
        </div>
      </div>

      {matched ? (
        <p className="profile-card__matched">
          {`Matched ${kindTitle(matched.kind)} `}
          <span className="profile-card__matched-value">{matched.value}</span>
        </p>
      ) : null}

      {profile.bio.trim() ? <p className="profile-card__bio">{profile.bio}</p> : null}

      <dl className="profile-card__facts">
        {profile.location.trim() ? (
          <div>
            <dt>Location</dt>
            <dd>{profile.location}</dd>
          </div>
        ) : null}
        <div>
          <dt>Gender</dt>
          <dd>{profile.gender.trim() || 'Not specified'}</dd>
        </div>
      </dl>

      {shown.length > 0 ? (
        <ul className="chips profile-card__types" aria-label="Scam types">
          {shown.map((type) => (
            <li key={type} className="chip">{type}</li>
          ))}
          {more > 0 ? <li className="chip chip--more">{`+${more} more`}</li> : null}
        </ul>
      ) : null}

      <div className="profile-card__actions">
        {/* product.md#states: the colour follows the score; the text says it too, so colour is not the only signal */}
        <span className={`match-badge match-badge--${colour}`}>{`Match ${score}%`}</span>
        <button type="button" className="button" aria-describedby={headingId} onClick={onViewProfile}>
          View Profile
        </button>
      </div>
    </article>
  );
}
