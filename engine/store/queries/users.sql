-- name: UserGet :one
SELECT * FROM users WHERE id = @id;

-- name: UserGetByUUID :one
SELECT * FROM users WHERE uuid = @uuid;

-- name: UserGetByEmail :one
SELECT * FROM users WHERE lower(email) = lower(@email);

-- name: UserGetByRealtimeToken :one
SELECT * FROM users WHERE realtime_token = @realtime_token AND active;

-- name: UserUpsert :one
-- Seeds and sign-ins create a user once, by e-mail.
INSERT INTO users (email, name, user_type, user_role, phone)
VALUES (@email, @name, @user_type, @user_role, sqlc.narg(phone))
ON CONFLICT ((lower(email))) DO UPDATE SET updated_at = users.updated_at
RETURNING *;

-- name: UserListActiveByEmail :many
SELECT * FROM users WHERE active AND user_type <> 'external' ORDER BY email;

-- name: UserUpdateProfile :one
UPDATE users SET name = @name, phone = sqlc.narg(phone), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: UserSetSelectedCategories :exec
UPDATE users SET selected_category_ids = @category_ids, updated_at = now() WHERE id = @id;

-- name: UserCompanyIDs :many
-- The companies a user belongs to, as staff or customer (active memberships only).
SELECT company_id FROM portico_users WHERE portico_users.user_id = @user_id AND portico_users.active
UNION
SELECT company_id FROM company_users WHERE company_users.user_id = @user_id AND company_users.active;

-- name: UserSetAvatar :one
UPDATE users SET avatar_url = sqlc.narg(avatar_url), updated_at = now() WHERE id = @id RETURNING *;
