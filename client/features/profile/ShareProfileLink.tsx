// "Copy link" and "Share" for a profile's own link (/?profile=BUSTR-2025-0042,
// client/state/registry-link.ts). Share uses the Web Share API where the browser has it (phones,
// the installed app) and copies otherwise. What happened is said in a live region, so screen
// readers announce "Link copied."; where the clipboard is refused, the link is shown selected.
import { useEffect, useRef, useState } from 'react';
import { caseId } from '../../../shared/domain/case-id';
import { profileLink } from '../../state/registry-link';

/** How long "Link copied." stays before the line clears. */
export const SHARE_MESSAGE_MS = 5000;

export const SHARE_MESSAGES = {
  copied: 'Link copied.',
  shared: 'Link shared.',
  failed: 'Copying was not allowed here: the link is selected below, copy it from there.',
} as const;
type Outcome = keyof typeof SHARE_MESSAGES;

export interface ShareProfileLinkProps {
  profileId: number;
  profileName: string;
}

/** Copies text; false when the browser refuses (no clipboard access, an insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareProfileLink({ profileId, profileName }: ShareProfileLinkProps) {
  const [outcome, setOutcome] = useState<{ what: Outcome; at: number } | null>(null);
  const link = profileLink(profileId, window.location.origin);
  const fallback = useRef<HTMLInputElement>(null);

  // the confirmation clears after a while; a failure stays, with the link to copy by hand
  useEffect(() => {
    if (!outcome || outcome.what === 'failed') return;
    const timer = setTimeout(() => setOutcome(null), SHARE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  useEffect(() => {
    if (outcome?.what === 'failed') fallback.current?.select();
  }, [outcome]);

  const show = (what: Outcome) => setOutcome({ what, at: Date.now() });
  const copy = async () => show((await copyText(link)) ? 'copied' : 'failed');

  const share = async () => {
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({ title: `${profileName} (${caseId(profileId)}) · Bustr registry`, url: link });
      show('shared');
    } catch (error) {
      // the person closed the share sheet: nothing to say
      if ((error as { name?: string } | null)?.name === 'AbortError') return;
      await copy();
    }
  };

  return (
    <div className="profile-share">
      <div className="profile-share__buttons">
        <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>Copy link</button>
        <button type="button" className="button button--secondary button--small" onClick={() => void share()}>Share</button>
      </div>
      {/* always in the page, so what is put in it is announced */}
      <p className={outcome?.what === 'failed' ? 'profile-share__status profile-share__status--failed' : 'profile-share__status'}
        role="status" aria-live="polite">
        {outcome ? SHARE_MESSAGES[outcome.what] : ''}
      </p>
      {outcome?.what === 'failed' ? (
        <input ref={fallback} className="text-input profile-share__link" readOnly value={link} aria-label="Profile link"
          onFocus={(e) => e.currentTarget.select()} />
      ) : null}
    </div>
  );
}
