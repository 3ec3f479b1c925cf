-- name: SessionCreate :exec
INSERT INTO sessions (token_hash, user_id, ip, user_agent, expires_at)
VALUES (@token_hash, @user_id, sqlc.narg(ip), sqlc.narg(user_agent), @expires_at);

-- name: SessionGet :one
-- The session and its user, if neither has expired nor been deactivated, and the
-- directory's version (migration 00099, decision 0152) as this request finds it.
SELECT sqlc.embed(users), sessions.last_seen_at, sessions.expires_at,
       (SELECT directory_version.version FROM directory_version)::bigint AS directory_version
FROM sessions JOIN users ON users.id = sessions.user_id
WHERE sessions.token_hash = @token_hash AND sessions.expires_at > now() AND users.active;

-- name: SessionTouch :exec
UPDATE sessions SET last_seen_at = now(), expires_at = @expires_at WHERE token_hash = @token_hash;

-- name: SessionDelete :exec
DELETE FROM sessions WHERE token_hash = @token_hash;

-- name: SessionDeleteExpired :execrows
DELETE FROM sessions WHERE expires_at <= now();
