-- Inbox writes at scale (issue 3): fewer index entries per thread write.
-- Every status change writes a new version of its thread, and a new version
-- gets an entry in every index of the table whose condition it meets. Two
-- indexes held entries no plan reads:
--   * threads_responsible_idx (a company's threads by assignee): the lists
--     read it only for given assignees; unassigned threads ("nobody") are
--     read in the order of threads_activity_idx. Now only assigned threads.
--   * threads_author_idx (threads by sender): workflow tasks have no author.
--     Now only threads with one.
-- The plans of the list and search shapes (one company and every company; the
-- assignee, nobody and sender filters; search by sender) stay as they were.

-- +goose NO TRANSACTION
-- +goose Up
CREATE INDEX CONCURRENTLY threads_responsible_set_idx ON threads (company_id, responsible_id, activity_at DESC, id DESC)
    WHERE responsible_id IS NOT NULL;
DROP INDEX CONCURRENTLY threads_responsible_idx;
ALTER INDEX threads_responsible_set_idx RENAME TO threads_responsible_idx;
CREATE INDEX CONCURRENTLY threads_author_set_idx ON threads (author_id, activity_at DESC, id DESC)
    WHERE author_id IS NOT NULL;
DROP INDEX CONCURRENTLY threads_author_idx;
ALTER INDEX threads_author_set_idx RENAME TO threads_author_idx;

-- +goose Down
CREATE INDEX CONCURRENTLY threads_author_all_idx ON threads (author_id, activity_at DESC, id DESC);
DROP INDEX CONCURRENTLY threads_author_idx;
ALTER INDEX threads_author_all_idx RENAME TO threads_author_idx;
CREATE INDEX CONCURRENTLY threads_responsible_any_idx ON threads (company_id, responsible_id, activity_at DESC, id DESC);
DROP INDEX CONCURRENTLY threads_responsible_idx;
ALTER INDEX threads_responsible_any_idx RENAME TO threads_responsible_idx;
