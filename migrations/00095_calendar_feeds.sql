-- +goose Up
-- Calendar feeds (issue 31): each user's personal iCalendar address carries a
-- secret token; only its SHA-256 is kept, so the address is shown once, when it
-- is made or renewed, and renewing replaces the hash (the old address stops at
-- once). assigned_only: a member of staff's feed lists only their own tasks.
CREATE TABLE calendar_feeds (
    user_id       bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    token_hash    bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    assigned_only boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE calendar_feeds;
