-- A trigger whose next run cannot be computed (its schedule or anchor-date
-- data is broken, or the company's anchor-date value is) says why, so the
-- company workflow shows it instead of silently never running.
-- +goose Up
ALTER TABLE workflow_triggers ADD COLUMN next_run_error text;

-- +goose Down
ALTER TABLE workflow_triggers DROP COLUMN next_run_error;
