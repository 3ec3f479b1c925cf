-- Inbox at scale (issue 3), after 00043: the threads keep their words in the
-- row too, without an index.
-- 00043 moved the words of a thread's title and description to thread_search,
-- with its text index, so that a thread write no longer adds index entries
-- for them. But the lists and the search also read threads in their order
-- and test each for the words (a common word: the first matches come soon),
-- and with the words in another table every thread read so costs a lookup
-- there: at a million threads the list filtered by a word took three times
-- as long as before (all companies: 9 s instead of 3 s for a word that is in
-- no title; 1.1 s instead of 0.3 s for a common one).
-- So both: threads.search (computed by the database, read in the row, no
-- index: a thread write copies it but adds no index entry) for testing
-- threads read in order, and thread_search with the text index for finding
-- the threads of a word.

-- +goose Up
ALTER TABLE threads ADD COLUMN search tsvector GENERATED ALWAYS AS (thread_search_vector(title, description)) STORED;

-- +goose Down
ALTER TABLE threads DROP COLUMN search;
