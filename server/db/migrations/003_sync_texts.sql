-- A public profile's sync JSON (features/sync/page-text.ts), kept once written: it is a pure function
-- of the profile's id and revision, since every public change of a profile or of its approved
-- incidents bumps that revision (db/revision.ts touchProfile). Writing it costs ~40 µs a profile,
-- 4 s of a 100k first sync; reading it back costs next to nothing. A row whose revision is not the
-- profile's is stale: never served, replaced when the profile is next written
-- (docs/decisions/014-materialised-sync-texts.md).
CREATE TABLE sync_texts (
  id INTEGER PRIMARY KEY, -- the profile's id
  revision INTEGER NOT NULL, -- the profile revision the text was written at (it is in the text too)
  json TEXT NOT NULL
);
-- Whether a profile's text is current, read without the texts: a row is a few KB, about a page, so
-- checking every profile through the table would read it all.
CREATE INDEX sync_texts_revision ON sync_texts (id, revision);
