// A small profile card (spec §2 "Profile card", in part): name, nickname in quotes and the first
// scam types. The full card (avatar, companies, bio, match badge, View Profile) comes later.
import { CARD_SCAM_TYPE_CHIPS } from '../../../shared/constants';

export interface CardProfile {
  id: number;
  name: string;
  nickname: string;
  scam_type: string[];
}

export function ProfileCard({ profile }: { profile: CardProfile }) {
  const shown = profile.scam_type.slice(0, CARD_SCAM_TYPE_CHIPS);
  const more = profile.scam_type.length - shown.length;
  return (
    <article className="profile-card">
      <h3>{profile.name}</h3>
      {profile.nickname ? <p className="profile-nickname">"{profile.nickname}"</p> : null}
      {shown.length > 0 ? (
        <ul className="chips" aria-label="Scam types">
          {shown.map((type) => (
            <li key={type} className="chip">
              {type}
            </li>
          ))}
          {more > 0 ? <li className="chip chip-more">+{more} more</li> : null}
        </ul>
      ) : null}
    </article>
  );
}
