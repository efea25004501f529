-- Facts the server keeps about its own database, a row each. The first, 'sync_text_format': the
-- format (features/sync/page-text.ts SYNC_TEXT_FORMAT) the stored sync texts were written in. Texts
-- of another format are never served, and are dropped and written anew at the next start
-- (features/sync/sync-texts.ts). The texts stored until now are of format 1.
CREATE TABLE server_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO server_state (key, value) VALUES ('sync_text_format', '1');
