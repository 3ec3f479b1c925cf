-- The inbox at scale (issue 3).
--   * Attachment names are searched word by word: the text search parser reads
--     "payslip-summary.pdf" as one file token, so separators become spaces
--     before the names are indexed.
--   * Lists over many companies (an agent's or admin's "all companies") read
--     threads in the list's order across companies: activity time for the
--     open part, due date for the overdue part.
--   * Person hits of the search (and the sender filter) look threads up by
--     author or responsible, newest first.
--   * Search reads the newest live messages first.

-- +goose Up
DROP INDEX attachments_search_idx;
ALTER TABLE attachments DROP COLUMN search;
ALTER TABLE attachments ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', translate(filename, '-_.,()[]+', '         '))) STORED;
CREATE INDEX attachments_search_idx ON attachments USING gin (search);

CREATE INDEX threads_all_activity_idx ON threads (activity_at DESC, id DESC) WHERE NOT hidden;
CREATE INDEX threads_all_overdue_idx ON threads (due_date, id)
    WHERE NOT hidden AND due_date IS NOT NULL AND status IN ('created', 'in_progress');
CREATE INDEX threads_author_idx ON threads (author_id, activity_at DESC, id DESC);
CREATE INDEX threads_responsible_all_idx ON threads (responsible_id, activity_at DESC, id DESC) WHERE responsible_id IS NOT NULL;
-- a common word is found by reading the newest messages until enough match
CREATE INDEX messages_created_idx ON messages (created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX messages_created_idx;
DROP INDEX threads_responsible_all_idx;
DROP INDEX threads_author_idx;
DROP INDEX threads_all_overdue_idx;
DROP INDEX threads_all_activity_idx;
DROP INDEX attachments_search_idx;
ALTER TABLE attachments DROP COLUMN search;
ALTER TABLE attachments ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', filename)) STORED;
CREATE INDEX attachments_search_idx ON attachments USING gin (search);
