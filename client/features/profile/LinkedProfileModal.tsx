// The profile modal for a profile named by its id: a card's View Profile, or a link
// (/?profile=BUSTR-2025-0222, client/state/registry-link.ts). The profile is read from the replica, so a link
// opens offline too. While the replica is still downloading, the server is asked for it (issue 17).
// While it is not there the dialog says why, honestly: the replica is still downloading, has
// never been downloaded (offline), or holds no such profile (or the server lists none).
import { useEffect, useState } from 'react';
import { caseId } from '../../../shared/domain/case-id';
import { getProfile, localDb, profileWhileDownloading, useRegistryVersion, type LocalProfile, type RegistryDb } from '../../local';
import { useStatus } from '../../state/status';
import { ProfileModal, type ProfileAbsence, type ProfileModalProps } from './ProfileModal';

export interface LinkedProfileModalProps extends Omit<ProfileModalProps, 'profile' | 'absent'> {
  /** the profile to show; null when the link's `profile` is not a case id the registry gives out */
  profileId: number | null;
  /** the link's `profile` parameter as written, for what is said when it names no profile */
  profileParam?: string | null;
  /** the profile as the card that opened it holds it: shown at once, while the replica is read */
  known?: LocalProfile | null;
}

// The dialog's title is the case id, so the texts need not repeat it (a case id broken at its
// hyphens over two lines reads badly on a phone).
export const LINKED_PROFILE_TEXT = {
  loading: 'Loading profile…',
  downloading: 'The registry is still downloading to this device. The profile opens as soon as it is here.',
  notDownloaded:
    'The registry has not been downloaded to this device yet, so this profile cannot be shown. It will download when you are back online.',
  syncFailed: (error: string) => `The registry could not be downloaded yet (${error}), so this profile cannot be shown. It will try again.`,
  notListed: 'No listed profile has this case ID. It may have been removed from the registry, or the link may be mistyped.',
  notCaseId: (text: string) =>
    `“${text}” is not a case ID of this registry (they look like ${caseId(42)}), so this link opens no profile.`,
  readFailed: (error: string) => `The profile could not be read on this device: ${error}`,
} as const;

/** notListed: the server, asked while the replica downloads, lists no such profile */
type Read = { profileId: number; profile: LocalProfile | undefined; error?: string; notListed?: boolean };

/** The profile from the replica, read again whenever a sync changed it. */
function useReplicaProfile(profileId: number | null, db: RegistryDb): Read | null {
  const version = useRegistryVersion(db);
  const [read, setRead] = useState<Read | null>(null);
  useEffect(() => {
    if (profileId === null) return;
    let cancelled = false;
    getProfile(profileId, db).then(async (profile) => {
      if (profile) return { profileId, profile };
      const online = await profileWhileDownloading(profileId, db);
      return online === null ? { profileId, profile: undefined, notListed: true } : { profileId, profile: online };
    }).then(
      (found: Read) => { if (!cancelled) setRead(found); },
      (error: unknown) => {
        console.error('Reading a profile from the replica failed', error);
        if (!cancelled) setRead({ profileId, profile: undefined, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => { cancelled = true; };
  }, [profileId, db, version]);
  // another profile's read is never taken for this one's
  return read && read.profileId === profileId ? read : null;
}

export function LinkedProfileModal({ profileId, profileParam = null, known = null, db = localDb, ...rest }: LinkedProfileModalProps) {
  const read = useReplicaProfile(profileId, db);
  const online = useStatus((s) => s.online);
  const lastSyncedAt = useStatus((s) => s.lastSyncedAt);
  const firstSync = useStatus((s) => s.firstSync);
  const lastSyncError = useStatus((s) => s.lastSyncError);

  let profile: LocalProfile | null = null;
  let text: string = LINKED_PROFILE_TEXT.loading;
  const id = profileId === null ? (profileParam ?? '') : caseId(profileId);
  if (profileId === null) {
    text = LINKED_PROFILE_TEXT.notCaseId(profileParam ?? '');
  } else if (read?.profile) {
    profile = read.profile;
  } else if (!read) {
    profile = known && known.id === profileId ? known : null;
  } else if (read.error !== undefined) {
    text = LINKED_PROFILE_TEXT.readFailed(read.error);
  } else if (read.notListed) {
    text = LINKED_PROFILE_TEXT.notListed;
  } else if (lastSyncedAt === null) {
    // an empty replica that was never filled is not an empty registry (as the registry page says)
    if (firstSync !== null || (online && !lastSyncError)) text = LINKED_PROFILE_TEXT.downloading;
    else if (!online) text = LINKED_PROFILE_TEXT.notDownloaded;
    else text = LINKED_PROFILE_TEXT.syncFailed(lastSyncError ?? '');
  } else {
    text = LINKED_PROFILE_TEXT.notListed;
  }

  const absent: ProfileAbsence = { title: id || 'Profile', text };
  return <ProfileModal {...rest} db={db} profile={profile} absent={absent} />;
}
