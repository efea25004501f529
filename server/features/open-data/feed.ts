// GET /feed.atom (issue 20): an Atom feed (RFC 4287) of newly verified profiles and approved
// incidents, written by the `feed` library. Its events are the moderation's own record, the audit
// log (db/audit.ts: `developer.verify`, `project.verify`, `incident.approve`), the newest first,
// each shown only while what it published is still public; nothing of who reported it
// (docs/product.md#roles). On the data layer (issue 21, docs/decisions/035): one query for both
// engines, the XML made once per revision and origin.
import { Feed } from 'feed';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn, revisionNow } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { caseId } from '../../../shared/domain/case-id';
import { DATA_ATTRIBUTION, DATA_LICENCE } from '../../../shared/contract/open-data';
import { atOneMoment } from './moment';

/** How many events the feed holds. */
export const FEED_ENTRIES = 50;

interface EventRow {
  audit_id: number; at: string; action: string; target_id: number;
  profile_id: number; profile_kind: 'developer' | 'project'; profile_name: string; bio: string;
  description: string | null; amount: number | null; currency: string | null; types: string | null;
}

// (PostgreSQL types the first branch's NULLs by the second's columns)
const EVENTS = sql<EventRow>`SELECT * FROM (
    SELECT a.id AS audit_id, a.at, a.action, a.target_id, p.id AS profile_id, p.kind AS profile_kind, p.name AS profile_name, p.bio,
      NULL AS description, NULL AS amount, NULL AS currency, NULL AS types
    FROM audit_log a JOIN profiles p ON p.id = a.target_id AND p.kind = a.target_kind
    WHERE a.action IN ('developer.verify', 'project.verify') AND p.verification_status = 'verified'
    UNION ALL
    SELECT a.id, a.at, a.action, a.target_id, p.id, p.kind, p.name, p.bio, i.description, i.amount, i.currency, i.types
    FROM audit_log a JOIN incidents i ON i.id = a.target_id JOIN profiles p ON p.id = i.profile_id
    WHERE a.action = 'incident.approve' AND a.target_kind = 'incident' AND i.verification_status = 'approved' AND p.verification_status = 'verified'
  ) AS e ORDER BY audit_id DESC LIMIT ${sql.lit(FEED_ENTRIES)}`;

/** The feed's XML, with links under `base` (the origin the request came to: `https://bustr.example`). */
export async function atomFeed(db: Kysely<Database>, base: string): Promise<string> {
  return feedXml((await EVENTS.execute(db)).rows, base);
}

/** The feed's answer at the revision now, for `base`: made once per revision, its XML and revision read at one moment. */
export async function feedAnswer(engine: Engine, base: string): Promise<CachedAnswer> {
  return engineCache(engine, 'feed').getAsync(base, await revisionNow(engine), () => atOneMoment(engine, async (db) => {
    const revision = await currentRevisionOn(db);
    return { revision, bytes: Buffer.from(await atomFeed(db, base)), etag: feedEtag(revision) };
  }));
}

export const feedEtag = (revision: number) => `"feed-r${revision}"`;

function feedXml(events: readonly EventRow[], base: string): string {
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
