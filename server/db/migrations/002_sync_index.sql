-- The sync feed (docs/decisions/005-sync-feed.md) reads public profiles in revision order and
-- counts those after its cursor. profiles_revision holds every profile, so both read each row to
-- test its status; this index holds only the public ones, with their kind, and answers both alone.
CREATE INDEX profiles_public_revision ON profiles (revision, kind) WHERE verification_status = 'verified';
