-- Emoji reactions on activities.

-- name: ReactionAdd :execrows
INSERT INTO reactions (company_id, activity_id, user_id, emoji)
VALUES (@company_id, @activity_id, @user_id, @emoji) ON CONFLICT DO NOTHING;

-- name: ReactionRemove :execrows
DELETE FROM reactions
WHERE company_id = @company_id AND activity_id = @activity_id AND user_id = @user_id AND emoji = @emoji;

-- name: ReactionListByActivities :many
SELECT r.activity_id, r.emoji, r.user_id, u.uuid AS user_uuid, u.name AS user_name, r.created_at
FROM reactions r JOIN users u ON u.id = r.user_id
WHERE r.company_id = @company_id AND r.activity_id = ANY(@activity_ids::bigint[])
ORDER BY r.activity_id, r.emoji, r.created_at, r.user_id;
