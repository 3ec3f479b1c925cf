-- +goose Up
-- Mail of a change of a user's access rights in a company (accessRightsChanged,
-- issue 16): an event about no thread. It has no thread (thread_id NULL), no
-- activity (activity_id 0) and is keyed by its change.
ALTER TABLE mail_events ALTER COLUMN thread_id DROP NOT NULL;

-- +goose Down
DELETE FROM mail_events WHERE thread_id IS NULL;
ALTER TABLE mail_events ALTER COLUMN thread_id SET NOT NULL;
