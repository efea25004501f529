// Boot: configuration -> database -> staff user and demo data -> app -> listen.
import { createServer } from 'node:http';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { seedDemo } from './db/seed';
import { ensureStaffUser } from './features/auth/users';
import { createApp } from './app';

const config = loadConfig();
const db = openDatabase(config.DATABASE_PATH);

if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
  await ensureStaffUser(db, config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
}
const isEmpty = (db.prepare('SELECT COUNT(*) AS n FROM profiles').get() as { n: number }).n === 0;
if (config.SEED_DEMO && isEmpty) {
  const seeded = seedDemo(db);
  console.log(`Seeded demonstration data: ${seeded.profiles} profiles, ${seeded.incidents} incidents.`);
}

const server = createServer(createApp({ db, config }));
server.listen(config.PORT, config.HOST, () => {
  console.log(`Bustr registry at http://${config.HOST}:${config.PORT} (database ${config.DATABASE_PATH})`);
});

function shutdown() {
  server.close(() => {
    db.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
