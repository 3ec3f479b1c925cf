-- name: CountryUpsert :one
INSERT INTO countries (code, name) VALUES (@code, @name)
ON CONFLICT (code) DO UPDATE SET name = countries.name
RETURNING *;

-- name: CountryGetByCode :one
SELECT * FROM countries WHERE code = @code;

-- name: CountryHolidayYearUpsert :one
INSERT INTO country_holidays (country_id, year) VALUES (@country_id, @year)
ON CONFLICT (country_id, year) DO UPDATE SET year = country_holidays.year
RETURNING *;

-- name: HolidayUpsert :exec
INSERT INTO holidays (country_holiday_id, date, name, local_name)
VALUES (@country_holiday_id, @date, @name, sqlc.narg(local_name))
ON CONFLICT (country_holiday_id, date) DO NOTHING;

-- name: CountryGet :one
SELECT * FROM countries WHERE id = @id;

-- name: CountryHolidayListByCountry :many
-- Every holiday admins keep for a country, for its workflow calendar.
SELECT h.date, h.name, h.local_name FROM holidays h
JOIN country_holidays ch ON ch.id = h.country_holiday_id
WHERE ch.country_id = @country_id
ORDER BY h.date;

-- name: CountryList :many
-- Every country, for pickers and filters.
SELECT * FROM countries ORDER BY name, id;
