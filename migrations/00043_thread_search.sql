-- Inbox writes at scale (issue 3): the words of a thread's title and
-- description are searched through a table of their own, thread_search (one
-- row per thread), no longer through a generated column of threads.
-- Every thread write (a status change above all) writes a new version of the
-- thread's row, and every new version carried the search vector (about 40% of
-- the row) and got an entry per word, in three languages, in the text index,
-- although the text had not changed. In a bulk status change of 1000 threads
-- at a million threads, that index was about 40% of the update's time
-- (EXPLAIN ANALYZE with and without it).
-- The database writes a thread's search row when the thread is made and when
-- its title or description is written (a trigger, as the generated column
-- did): a status, priority, due date or assignee change does not touch it.
-- The lists join thread_search only when they have a query to match.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION thread_search_vector(title text, description text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('english', title || ' ' || coalesce(description, '')) ||
           to_tsvector('finnish', title || ' ' || coalesce(description, '')) ||
           to_tsvector('swedish', title || ' ' || coalesce(description, ''))
$$;
-- +goose StatementEnd

CREATE TABLE thread_search (
    company_id bigint NOT NULL,
    thread_id  bigint NOT NULL,
    search     tsvector NOT NULL,
    PRIMARY KEY (company_id, thread_id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);

-- +goose StatementBegin
CREATE FUNCTION thread_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO thread_search (company_id, thread_id, search)
    VALUES (NEW.company_id, NEW.id, thread_search_vector(NEW.title, NEW.description))
    ON CONFLICT (company_id, thread_id) DO UPDATE SET search = EXCLUDED.search;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER threads_search_write AFTER INSERT OR UPDATE OF title, description ON threads
    FOR EACH ROW EXECUTE FUNCTION thread_search_write();

-- the vectors made so far (the same words thread_search_vector gives)
INSERT INTO thread_search (company_id, thread_id, search) SELECT company_id, id, search FROM threads;
CREATE INDEX thread_search_idx ON thread_search USING gin (search);
ANALYZE thread_search;
ALTER TABLE threads DROP COLUMN search; -- and its index, threads_search_idx

-- +goose Down
ALTER TABLE threads ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('english', title || ' ' || coalesce(description, '')) ||
    to_tsvector('finnish', title || ' ' || coalesce(description, '')) ||
    to_tsvector('swedish', title || ' ' || coalesce(description, ''))) STORED;
CREATE INDEX threads_search_idx ON threads USING gin (search);
DROP TRIGGER threads_search_write ON threads;
DROP FUNCTION thread_search_write();
DROP TABLE thread_search;
DROP FUNCTION thread_search_vector(text, text);
