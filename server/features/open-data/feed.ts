// GET /feed.atom (issue 20): an Atom feed (RFC 4287) of newly verified profiles and approved
// incidents, written by the `feed` library. Its events are the moderation's own record, the audit
// log (db/audit.ts: `developer.verify`, `project.verify`, `incident.approve`), the newest first,
// each shown only while what it published is still public; nothing of who reported it
// (docs/product.md#roles).
import { Feed } from 'feed';
import type { Db } from '../../db/connection';
import { caseId } from '../../../shared/domain/case-id';
import { DATA_ATTRIBUTION, DATA_LICENCE } from '../../../shared/contract/open-data';

/** How many events the feed holds. */
export const FEED_ENTRIES = 50;

interface EventRow {
  audit_id: number; at: string; action: string; target_id: number;
  profile_id: number; profile_kind: 'developer' | 'project'; profile_name: string; bio: string;
  description: string | null; amount: number | null; currency: string | null; types: string | null;
}

const EVENTS = `SELECT * FROM (
    SELECT a.id AS audit_id, a.at, a.action, a.target_id, p.id AS profile_id, p.kind AS profile_kind, p.name AS profile_name, p.bio,
      NULL AS description, NULL AS amount, NULL AS currency, NULL AS types
    FROM audit_log a JOIN profiles p ON p.id = a.target_id AND p.kind = a.target_kind
    WHERE a.action IN ('developer.verify', 'project.verify') AND p.verification_status = 'verified'
    UNION ALL
    SELECT a.id, a.at, a.action, a.target_id, p.id, p.kind, p.name, p.bio, i.description, i.amount, i.currency, i.types
    FROM audit_log a JOIN incidents i ON i.id = a.target_id JOIN profiles p ON p.id = i.profile_id
    WHERE a.action = 'incident.approve' AND a.target_kind = 'incident' AND i.verification_status = 'approved' AND p.verification_status = 'verified'
  ) ORDER BY audit_id DESC LIMIT ${FEED_ENTRIES}`;

/** The feed's XML, with links under `base` (the origin the request came to: `https://bustr.example`). */
export function atomFeed(db: Db, base: string): string {
  const events = db.prepare(EVENTS).all() as EventRow[];
  const feed = new Feed({
    id: 'tag:bustr.registry,2025:feed',
    title: 'Bustr registry: newly verified profiles and incidents',
    description: 'Profiles that staff have verified and incidents they have approved, newest first.',
    link: `${base}/`,
    feedLinks: { atom: `${base}/feed.atom` },
    updated: events[0] ? new Date(events[0].at) : new Date(0),
    author: { name: DATA_ATTRIBUTION, link: `${base}/` },
    copyright: `${DATA_ATTRIBUTION}, ${DATA_LICENCE.name} (${DATA_LICENCE.url})`,
    generator: false,
    language: 'en',
  });
  for (const e of events) {
    const ref = caseId(e.profile_id);
    const who = e.profile_kind === 'developer' ? 'Scammer' : 'Project';
    const link = `${base}/?profile=${ref}`;
    const at = new Date(e.at);
    if (e.action === 'incident.approve') {
      const types = e.types ? (JSON.parse(e.types) as string[]) : [];
      const loss = e.amount !== null ? ` Reported loss: ${e.amount} ${e.currency ?? ''}.`.trimEnd() : '';
      feed.addItem({
        id: `tag:bustr.registry,2025:incident/${e.target_id}`,
        title: `Incident approved: ${types[0] ?? 'Scam'} by ${e.profile_name} (${ref})`,
        link, date: at, published: at,
        description: `${e.description ?? ''}${loss}`.trim(),
      });
    } else {
      feed.addItem({
        id: `tag:bustr.registry,2025:profile/${e.profile_id}`,
        title: `${who} verified: ${e.profile_name} (${ref})`,
        link, date: at, published: at,
        description: e.bio || `${who} ${e.profile_name} is now listed in the registry.`,
      });
    }
  }
  return feed.atom1();
}
