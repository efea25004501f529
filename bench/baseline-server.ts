// The bench's baseline (issue 6): the list and sync endpoints as a handler that queries and
// serialises on every request, with the same SQL as the server's read model and no cache. Run
// as its own process so it gets a core of its own, like the real server:
//   DATABASE_PATH=… PORT=… node --import tsx bench/baseline-server.ts
import express from 'express';
import { openDatabase } from '../server/db/connection';
import { approvedIncidentsByProfile } from '../server/read-model/queries';
import { toProfile, type ProfileRow } from '../server/read-model/rows';
import { syncPage } from '../server/features/sync/service';
import { routes } from '../shared/contract/routes';

const db = openDatabase(process.env.DATABASE_PATH!);
const app = express();

app.get(routes.profiles.list.developer.pattern, (req, res) => {
  const pageSize = Number(req.query.page_size ?? 20);
  const page = Number(req.query.page ?? 1);
  const rows = db
    .prepare(`SELECT * FROM profiles WHERE kind = 'developer' AND verification_status = 'verified'
      ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
    .all(pageSize, (page - 1) * pageSize) as ProfileRow[];
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM profiles WHERE kind = 'developer' AND verification_status = 'verified'").get() as { n: number };
  const incidents = approvedIncidentsByProfile(db, rows.map((r) => r.id));
  const link = (p: number) => routes.profiles.list.developer.path({ query: { page: p, page_size: pageSize } });
  res.json({
    count: n,
    next: page * pageSize < n ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.map((r) => toProfile(r, incidents.get(r.id) ?? [])),
  });
});

app.get(routes.sync.page.pattern, (req, res) => {
  res.json(syncPage(db, Number(req.query.since ?? 0), Number(req.query.limit ?? 500)));
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
