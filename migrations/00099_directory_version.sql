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

CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON companies
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON company_categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON company_countries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON countries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON company_domains
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON portico_users
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON portico_user_categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON company_users
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON company_user_categories
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();
CREATE CONSTRAINT TRIGGER directory_version AFTER INSERT OR UPDATE OR DELETE ON favorite_companies
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION directory_version_bump();

-- +goose Down
DROP TRIGGER directory_version ON favorite_companies;
DROP TRIGGER directory_version ON company_user_categories;
DROP TRIGGER directory_version ON company_users;
DROP TRIGGER directory_version ON portico_user_categories;
DROP TRIGGER directory_version ON portico_users;
DROP TRIGGER directory_version ON company_domains;
DROP TRIGGER directory_version ON countries;
DROP TRIGGER directory_version ON company_countries;
DROP TRIGGER directory_version ON categories;
DROP TRIGGER directory_version ON company_categories;
DROP TRIGGER directory_version ON companies;
DROP FUNCTION directory_version_bump();
DROP TABLE directory_version;
