-- Inbox writes at scale (issue 3): less work per written row.
--   * The public ids of the rows inbox writes add (activities above all: a bulk
--     status change of 1000 threads adds 1000 of them; also threads, messages
--     and attachments) are time-ordered, UUID version 7 (48 bits of
--     milliseconds, 74 random bits): a new id lands beside the newest ones in
--     its unique index. A random id (version 4) lands on a random page of it,
--     and at ten million activities nearly every insert read and dirtied a page
--     of its own. The ids stay unguessable; rows made before keep theirs.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
               PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
               FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
-- +goose StatementEnd
ALTER TABLE activities ALTER COLUMN uuid SET DEFAULT uuid_v7();
ALTER TABLE threads ALTER COLUMN uuid SET DEFAULT uuid_v7();
ALTER TABLE messages ALTER COLUMN uuid SET DEFAULT uuid_v7();
ALTER TABLE attachments ALTER COLUMN uuid SET DEFAULT uuid_v7();

-- +goose Down
ALTER TABLE attachments ALTER COLUMN uuid SET DEFAULT gen_random_uuid();
ALTER TABLE messages ALTER COLUMN uuid SET DEFAULT gen_random_uuid();
ALTER TABLE threads ALTER COLUMN uuid SET DEFAULT gen_random_uuid();
ALTER TABLE activities ALTER COLUMN uuid SET DEFAULT gen_random_uuid();
DROP FUNCTION uuid_v7();
