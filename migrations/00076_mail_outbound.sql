-- +goose Up
-- Outbound mail (issue 16): one row per inbox event that may be mailed, and one
-- per (event, user) that the fan-out queued, so sending is idempotent per
-- (user, event) whatever Temporal retries.

-- a user's time zone, where it is not the portal's default (Europe/Helsinki):
-- every_day mails go out in the user's morning. Kept beside users, not in it,
-- so that no query of users changes shape.
CREATE TABLE user_time_zones (
    user_id   bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    time_zone text NOT NULL CHECK (time_zone <> '')
);

CREATE TABLE mail_events (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id          bigserial,
    -- the event's own key: the activity that caused it (a thread's first
    -- activity, a message's), so a repeated hand-off queues nothing twice
    activity_id bigint NOT NULL,
    thread_id   bigint NOT NULL,
    trigger     text NOT NULL,
    actor_id    bigint REFERENCES users ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, activity_id, trigger),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);

CREATE TABLE mail_deliveries (
    company_id bigint NOT NULL,
    event_id   bigint NOT NULL,
    user_id    bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    mode       text NOT NULL CHECK (mode IN ('email_immediately', 'digest')),
    -- pending: queued; sent: accepted by the SMTP server; skipped: the user
    -- read the thread before it went out
    status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped')),
    sent_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, event_id, user_id),
    FOREIGN KEY (company_id, event_id) REFERENCES mail_events (company_id, id) ON DELETE CASCADE
);
CREATE INDEX mail_deliveries_pending_idx ON mail_deliveries (user_id, mode, created_at) WHERE status = 'pending';

-- every_day: one morning mail per user and local date
CREATE TABLE mail_daily_sent (
    user_id    bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    local_date date NOT NULL,
    sent_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, local_date)
);

-- +goose Down
DROP TABLE mail_daily_sent;
DROP TABLE mail_deliveries;
DROP TABLE mail_events;
DROP TABLE user_time_zones;
