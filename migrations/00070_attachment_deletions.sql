-- A system deletion of attachments (systemDeleteAttachments): the attachments
-- are marked deleted at once and can be brought back (undoDeleteAttachments)
-- until undo_until; after that a Temporal timer removes their blobs for good
-- (purged_at). The attachments' rows stay, marked deleted, for the history.
-- +goose Up
CREATE TABLE attachment_deletions (
    company_id     bigint NOT NULL REFERENCES companies ON DELETE CASCADE,
    id             bigserial,
    uuid           uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    user_id        bigint NOT NULL REFERENCES users,
    attachment_ids bigint[] NOT NULL CHECK (cardinality(attachment_ids) > 0),
    created_at     timestamptz NOT NULL DEFAULT now(),
    undo_until     timestamptz NOT NULL,
    undone_at      timestamptz,
    purged_at      timestamptz,
    CHECK (undone_at IS NULL OR purged_at IS NULL),
    PRIMARY KEY (company_id, id)
);

-- +goose Down
DROP TABLE attachment_deletions;
