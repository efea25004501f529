-- Staff queues (issue 18, decision 028): each page is read in (submitted moment, id) order among the
-- items awaiting review, narrowed by date; with these indexes a page reads its rows, not the queue
-- (100k pending incidents sorted for every page otherwise).
CREATE INDEX IF NOT EXISTS incidents_pending_order ON incidents (verification_status, reported, id);
CREATE INDEX IF NOT EXISTS edit_requests_pending_order ON edit_requests (verification_status, submitted_at, id);
CREATE INDEX IF NOT EXISTS removal_requests_pending_order ON removal_requests (verification_status, submitted_at, id);
CREATE INDEX IF NOT EXISTS profiles_queue_order ON profiles (kind, verification_status, submitted_at, id);
