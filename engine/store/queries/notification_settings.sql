-- name: NotificationSettingList :many
-- A user's setting per trigger of a type, in the spec's order: their saved
-- choice, else the default.
SELECT d.trigger,
       coalesce(s.notification_type, d.notification_type)::text AS notification_type,
       coalesce(s.category_ids, '{}')::bigint[] AS category_ids,
       coalesce(s.company_ids, '{}')::bigint[] AS company_ids
FROM notification_setting_defaults d
LEFT JOIN notification_settings s
       ON s.user_id = @user_id AND s.setting_type = d.setting_type AND s.trigger = d.trigger
WHERE d.setting_type = @setting_type
ORDER BY d.position;

-- name: NotificationSettingSave :exec
-- Stores a user's choice for one trigger of a type.
INSERT INTO notification_settings (user_id, setting_type, trigger, notification_type, category_ids, company_ids)
VALUES (@user_id, @setting_type, @trigger, @notification_type, @category_ids::bigint[], @company_ids::bigint[])
ON CONFLICT (user_id, setting_type, trigger) DO UPDATE
SET notification_type = excluded.notification_type,
    category_ids = excluded.category_ids,
    company_ids = excluded.company_ids;
