-- +goose Up
-- A new activity's per-reader work (unread marks, unread counters, the realtime
-- event to its audience), written by the activity's transaction and applied
-- right after its commit by the writing process (engine/inbox/fanout.go), so
-- the write's answer never waits for its readers. A row still here belongs to a
-- process that died before applying it: the next one started applies it.
-- payload: the realtime events (key, data, mail part) and the mentioned users.
CREATE TABLE inbox_fanouts (
    id          bigserial PRIMARY KEY,
    company_id  bigint NOT NULL,
    thread_id   bigint NOT NULL,
    activity_id bigint NOT NULL,
    author_id   bigint,
    payload     jsonb NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);
CREATE INDEX inbox_fanouts_thread_idx ON inbox_fanouts (company_id, thread_id);

-- +goose Down
DROP TABLE inbox_fanouts;
