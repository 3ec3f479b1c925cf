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

-- name: CountryCreate :one
-- A new country; none when the code is taken.
INSERT INTO countries (code, name) VALUES (@code, @name)
ON CONFLICT (code) DO NOTHING
RETURNING *;

-- name: CountryDelete :exec
DELETE FROM countries WHERE id = @id;

-- name: CountryInUse :one
-- What keeps a country from being deleted: a workflow (its countries or a
-- company's assignment) or a company's countries.
SELECT EXISTS (SELECT 1 FROM workflow_countries wc WHERE wc.country_id = @id::bigint)
    OR EXISTS (SELECT 1 FROM company_workflows cw WHERE cw.country_id = @id::bigint) AS workflow,
       EXISTS (SELECT 1 FROM company_countries cc WHERE cc.country_id = @id::bigint) AS company;

-- name: CountryHolidayYearList :many
-- A country's holiday years, by year.
SELECT * FROM country_holidays WHERE country_id = @country_id ORDER BY year;

-- name: CountryHolidayYearCreate :one
-- A new holiday year; none when the country already has the year.
INSERT INTO country_holidays (country_id, year) VALUES (@country_id, @year)
ON CONFLICT (country_id, year) DO NOTHING
RETURNING *;

-- name: CountryHolidayYearGet :one
SELECT * FROM country_holidays WHERE id = @id;

-- name: CountryHolidayYearLock :one
-- Serialises the writes of one holiday year until the transaction ends.
SELECT * FROM country_holidays WHERE id = @id FOR UPDATE;

-- name: CountryHolidayYearSetYear :exec
UPDATE country_holidays SET year = @year WHERE id = @id;

-- name: HolidayListByCountry :many
-- The holidays of every year of a country, by date.
SELECT h.* FROM holidays h
JOIN country_holidays ch ON ch.id = h.country_holiday_id
WHERE ch.country_id = @country_id
ORDER BY h.date;

-- name: HolidayDeleteYear :exec
DELETE FROM holidays WHERE country_holiday_id = @country_holiday_id;

-- name: HolidayInsertYear :exec
-- A year's holidays: rows is a JSON array of {date, name, local_name}.
INSERT INTO holidays (country_holiday_id, date, name, local_name)
SELECT @country_holiday_id::bigint, x.date, x.name, nullif(x.local_name, '')
FROM jsonb_to_recordset(@rows::jsonb) AS x(date date, name text, local_name text);

-- name: CompanyWorkflowTimedInCountry :many
-- Live assignments in a country, of workflows that consider holidays, with a
-- schedule or anchor-date trigger: the trigger processes a change of the
-- country's holidays re-plans.
SELECT DISTINCT cw.uuid
FROM company_workflows cw
JOIN workflows w ON w.id = cw.workflow_id
JOIN workflow_triggers t ON t.company_id = cw.company_id AND t.company_workflow_id = cw.id
WHERE cw.country_id = @country_id AND cw.unassigned_at IS NULL AND w.consider_holidays
  AND t.trigger_type IN ('schedule', 'anchor_date')
ORDER BY cw.uuid;

-- name: CountryHolidayYearExists :one
SELECT EXISTS (SELECT 1 FROM country_holidays WHERE country_id = @country_id AND year = @year);
