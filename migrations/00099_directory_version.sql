-- The directory's version (decision 0152): one number that every commit changing what
-- org.Directory.Companies reads (companies, their categories, countries and domains, the
-- memberships and their categories, favourites) moves on. Each request reads it with its
-- session, so a process may keep a user's directory across requests while the number stands:
-- after a change commits, the next request anywhere sees a new number and reads afresh.
-- +goose Up
CREATE TABLE directory_version (
    id      boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
);
INSERT INTO directory_version (id, version) VALUES (true, 1);

-- +goose StatementBegin
CREATE FUNCTION directory_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- once per transaction, at its commit (the triggers are deferred): the row is locked
    -- last and briefly, after every other lock the transaction took, so no deadlock cycle
    IF current_setting('portico.directory_bumped', true) IS DISTINCT FROM txid_current()::text THEN
        UPDATE directory_version SET version = version + 1;
        PERFORM set_config('portico.directory_bumped', txid_current()::text, true);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- on every table Directory.Companies reads
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['companies', 'company_categories', 'categories', 'company_countries', 'countries',
        'company_domains', 'portico_users', 'portico_user_categories', 'company_users',
        'company_user_categories', 'favorite_companies'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump()', t);
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION directory_version_bump() CASCADE; -- and its triggers
DROP TABLE directory_version;
