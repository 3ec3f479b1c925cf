-- People administration and the user's language on the server (issues 14 and 17 item 18).
-- +goose Up

-- Whether users.language was chosen (by the browser at the first sign-in, or by
-- the user): until then a sign-in takes the browser's language.
ALTER TABLE users ADD COLUMN language_chosen boolean NOT NULL DEFAULT false;

-- The customer-users list pages customers by name; staff and external senders
-- are left out of the index it walks.
CREATE INDEX users_customer_name_idx ON users (lower(name), id) WHERE user_type = 'customer';

-- +goose Down
DROP INDEX users_customer_name_idx;
ALTER TABLE users DROP COLUMN language_chosen;
