-- profiles_revision (001) served the sync feed before profiles_public_revision (002) took its
-- place: every query by revision reads public profiles only, through the partial index. The full
-- index only cost every write to a profile (and ~2 MB at 100k profiles).
DROP INDEX IF EXISTS profiles_revision;
