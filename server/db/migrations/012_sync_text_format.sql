-- A stored sync text says which format wrote it (features/sync/page-text.ts SYNC_TEXT_FORMAT).
-- During a rolling deploy that changes the format (issue 21: several instances on one PostgreSQL
-- database), instances of either version read and keep only the texts of their own format: a
-- text of another format is one not stored yet, never served.
-- The texts are a cache of what the profiles hold (migrations/003): the table is made anew, empty,
-- and the server's start fills it again in the background (features/sync/sync-texts.ts), as for a
-- database from before migrations/003. (Made anew rather than altered, so that running this on a
-- database that already has the column, as the tests' older databases do, changes nothing else.)
DROP TABLE IF EXISTS sync_texts;
CREATE TABLE sync_texts (
  id INTEGER PRIMARY KEY, -- the profile's id
  revision INTEGER NOT NULL, -- the profile revision the text was written at (it is in the text too)
  json TEXT NOT NULL,
  format INTEGER NOT NULL DEFAULT 1 -- the SYNC_TEXT_FORMAT that wrote it
);
-- whether a profile's text is current, read without the texts (sync-texts.ts), of this format too
CREATE INDEX sync_texts_revision ON sync_texts (id, revision, format);
