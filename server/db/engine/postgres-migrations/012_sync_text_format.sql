-- migrations/012 (SQLite): a stored sync text says which format wrote it, so that instances of two
-- versions during a rolling deploy each read and keep only the texts of their own format. The
-- texts are a cache: the table is made anew, and the server's start fills it again.
DROP TABLE IF EXISTS sync_texts;
CREATE TABLE sync_texts (
  id bigint PRIMARY KEY, -- the profile's id
  revision bigint NOT NULL,
  json text COLLATE "C" NOT NULL,
  format bigint NOT NULL DEFAULT 1
);
CREATE INDEX sync_texts_revision ON sync_texts (id, revision, format);
