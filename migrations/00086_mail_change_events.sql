-- +goose Up
-- Mail for changes that add no activity to the thread (assignment, due date;
-- issue 16): such an event is keyed by its change as well, anchored to the
-- thread's latest activity, and counts as read when the reader opened the
-- thread after it (read_at), not by activity.
ALTER TABLE mail_events ADD COLUMN change_key text NOT NULL DEFAULT '';
ALTER TABLE mail_events DROP CONSTRAINT mail_events_company_id_activity_id_trigger_key;
ALTER TABLE mail_events ADD CONSTRAINT mail_events_change_key UNIQUE (company_id, activity_id, trigger, change_key);

-- +goose Down
ALTER TABLE mail_events DROP CONSTRAINT mail_events_change_key;
DELETE FROM mail_events WHERE change_key <> '';
ALTER TABLE mail_events ADD CONSTRAINT mail_events_company_id_activity_id_trigger_key UNIQUE (company_id, activity_id, trigger);
ALTER TABLE mail_events DROP COLUMN change_key;
