-- +goose Up
-- What a user gets for a trigger until they save their own choice: the one
-- source of the defaults, read by the settings screen and by the mail fan-out
-- alike (both LEFT JOIN notification_settings onto it).
CREATE TABLE notification_setting_defaults (
    setting_type      text NOT NULL CHECK (setting_type IN ('customer', 'portico', 'portico_customers')),
    trigger           text NOT NULL,
    notification_type text NOT NULL CHECK (notification_type IN ('none', 'email_immediately', 'digest', 'every_day')),
    position          int NOT NULL,
    PRIMARY KEY (setting_type, trigger)
);

-- Customers hear at once about what is addressed to them and get the rest as a
-- digest; staff on the root domain see every company's threads, so new threads
-- and messages come as a digest there, and at once for their own customers.
-- assignmentChanged exists only for the staff's types.
INSERT INTO notification_setting_defaults (setting_type, trigger, notification_type, position)
SELECT t.setting_type, d.trigger,
       CASE WHEN t.setting_type = 'portico' AND d.trigger IN ('newMessageThread', 'newMessageInThread')
            THEN 'digest' ELSE d.notification_type END,
       d.position
FROM (VALUES ('customer'), ('portico'), ('portico_customers')) AS t (setting_type)
CROSS JOIN (VALUES
    ('newMessageThread', 'email_immediately', 1),
    ('newMessageInThread', 'email_immediately', 2),
    ('newReactionToMyMessage', 'digest', 3),
    ('urgentMessageThread', 'email_immediately', 4),
    ('threadMentionOfMe', 'email_immediately', 5),
    ('assignmentChanged', 'email_immediately', 6),
    ('threadStatusChanged', 'digest', 7),
    ('threadDueDateChanged', 'digest', 8),
    ('threadDueDateApproaching', 'every_day', 9),
    ('threadDueDateOverdue', 'every_day', 10),
    ('newFileUploaded', 'digest', 11),
    ('accessRightsChanged', 'email_immediately', 12)
) AS d (trigger, notification_type, position)
WHERE NOT (t.setting_type = 'customer' AND d.trigger = 'assignmentChanged');

-- +goose Down
DROP TABLE notification_setting_defaults;
