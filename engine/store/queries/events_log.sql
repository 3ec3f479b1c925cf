-- name: EventLogAdd :exec
INSERT INTO events_log (company_id, user_id, event_category, event_name, event_label_extended, ip, data)
VALUES (sqlc.narg(company_id), sqlc.narg(user_id), @event_category, @event_name, sqlc.narg(event_label_extended),
        sqlc.narg(ip), @data);
