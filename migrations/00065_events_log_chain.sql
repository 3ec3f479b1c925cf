-- The events log made tamper-evident and readable (issue 15).
--
-- Every entry carries a hash chained to the previous entry of its company (its
-- chain: the company's id at write time, 0 for entries without a company):
--   hash = sha256(previous hash of the chain || the entry's canonical text)
-- The first entry of a chain chains to the empty string. A BEFORE INSERT trigger
-- computes it inside the INSERT that writes the entry, so recording an event
-- costs no extra round trip; the chain's head row (events_log_chains) is locked
-- by the upsert until the writing transaction ends, which orders the entries of
-- one company. `portico audit verify` recomputes every chain in Go and reports
-- the first broken link (an edited, removed or inserted entry, or a head that
-- does not match the chain's last entry).
--
-- The canonical text is the entry's fields joined by the unit separator (0x1f):
-- chain_key, chain_seq, id, user_id, event_category, event_name,
-- event_label_extended, ip, data (jsonb's text, which is normalised) and
-- created_at in microseconds since the epoch; a missing value is the empty string.

-- +goose Up

ALTER TABLE events_log
    ADD COLUMN chain_key bigint,
    ADD COLUMN chain_seq bigint,
    ADD COLUMN hash      bytea;

CREATE TABLE events_log_chains (
    chain_key bigint PRIMARY KEY,
    last_seq  bigint NOT NULL,
    last_hash bytea NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION events_log_canonical(e events_log) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
    SELECT convert_to(concat_ws(chr(31),
        e.chain_key::text, e.chain_seq::text, e.id::text, coalesce(e.user_id::text, ''),
        e.event_category, e.event_name, coalesce(e.event_label_extended, ''), coalesce(e.ip::text, ''),
        e.data::text, (extract(epoch FROM e.created_at) * 1000000)::bigint::text), 'UTF8')
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION events_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    prev bytea;
BEGIN
    NEW.chain_key := coalesce(NEW.company_id, 0);
    INSERT INTO events_log_chains AS c (chain_key, last_seq, last_hash)
    VALUES (NEW.chain_key, 1, ''::bytea)
    ON CONFLICT (chain_key) DO UPDATE SET last_seq = c.last_seq + 1
    RETURNING c.last_seq, c.last_hash INTO NEW.chain_seq, prev;
    NEW.hash := sha256(prev || events_log_canonical(NEW));
    UPDATE events_log_chains SET last_hash = NEW.hash WHERE chain_key = NEW.chain_key;
    RETURN NEW;
END
$$;
-- +goose StatementEnd

-- Chain the entries written before this migration, in id order per company.
-- +goose StatementBegin
DO $$
DECLARE
    r    events_log;
    prev bytea;
    seq  bigint;
    cur  bigint := -1;
BEGIN
    FOR r IN SELECT * FROM events_log ORDER BY coalesce(company_id, 0), id LOOP
        IF coalesce(r.company_id, 0) <> cur THEN
            IF cur >= 0 THEN
                INSERT INTO events_log_chains VALUES (cur, seq, prev);
            END IF;
            cur := coalesce(r.company_id, 0);
            prev := ''::bytea;
            seq := 0;
        END IF;
        seq := seq + 1;
        r.chain_key := cur;
        r.chain_seq := seq;
        prev := sha256(prev || events_log_canonical(r));
        UPDATE events_log SET chain_key = cur, chain_seq = seq, hash = prev WHERE id = r.id;
    END LOOP;
    IF cur >= 0 THEN
        INSERT INTO events_log_chains VALUES (cur, seq, prev);
    END IF;
END
$$;
-- +goose StatementEnd

ALTER TABLE events_log
    ALTER COLUMN chain_key SET NOT NULL,
    ALTER COLUMN chain_seq SET NOT NULL,
    ALTER COLUMN hash SET NOT NULL;

CREATE TRIGGER events_log_chain BEFORE INSERT ON events_log
    FOR EACH ROW EXECUTE FUNCTION events_log_chain();

-- The chains in order, for verify.
CREATE UNIQUE INDEX events_log_chain_idx ON events_log (chain_key, chain_seq);

-- The events log page: company + category + date range, newest first (the
-- spec's default sort), and the same without a category.
CREATE INDEX events_log_company_category_idx ON events_log (company_id, event_category, created_at DESC, id DESC);
CREATE INDEX events_log_category_idx ON events_log (event_category, created_at DESC, id DESC);

-- +goose Down
DROP INDEX events_log_category_idx;
DROP INDEX events_log_company_category_idx;
DROP INDEX events_log_chain_idx;
DROP TRIGGER events_log_chain ON events_log;
DROP FUNCTION events_log_chain();
DROP FUNCTION events_log_canonical(events_log);
DROP TABLE events_log_chains;
ALTER TABLE events_log DROP COLUMN hash, DROP COLUMN chain_seq, DROP COLUMN chain_key;
