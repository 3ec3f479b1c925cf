-- +goose Up
-- Inbound mail (issue 16): the Message-ID of every mail taken into a thread, so
-- that a reply naming it (In-Reply-To, References) lands in the same thread and
-- a mail delivered twice makes one thread.
CREATE TABLE inbound_mails (
    company_id  bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    message_id  text NOT NULL CHECK (message_id <> ''),
    thread_id   bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, message_id),
    FOREIGN KEY (company_id, thread_id) REFERENCES threads (company_id, id) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE inbound_mails;
