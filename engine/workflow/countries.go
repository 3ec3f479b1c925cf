package workflow

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// Countries and their holiday years (spec 002 §2.14 "Portal management",
// §3 Country, CountryHoliday, Holiday; §5 Holiday). Anyone signed in reads
// them (they are reference data, like countries); only a global admin in the
// admin panel changes them. A change of a country's holidays re-plans the
// triggers that count them.

// Validation keys of countries and holidays.
const (
	KeyCodeInvalid          = "invalid_country_code"
	KeyYearInvalid          = "invalid_year"
	KeyYearTaken            = "year_already_taken"
	KeyHolidayDateInvalid   = "invalid_date"
	KeyHolidayOutsideYear   = "date_not_in_year"
	KeyHolidayDuplicateDate = "multiple_holidays_on_the_same_date"
	KeyCountryLinked        = "country_linked_to_a_workflow"
	KeyCountryNotDeleted    = "could_not_delete_the_country"
)

// Years a holiday list may be kept for (the database's limit).
const (
	minHolidayYear = 1900
	maxHolidayYear = 2200
)

// HolidayInput is one holiday as a client sends it.
type HolidayInput struct {
	Date      string
	Name      string
	LocalName string
}

// HolidayYear is one country's holidays of one year.
type HolidayYear struct {
	store.CountryHoliday
	Holidays []store.Holiday
}

// Country returns a country by id.
func (s *Service) Country(ctx context.Context, id int64) (store.Country, error) {
	c, err := s.st.CountryGet(ctx, id)
	if store.IsNotFound(err) {
		return c, apperr.NotFound("country")
	}
	return c, err
}

// CountryHolidays lists a country's holiday years, by year, each with its
// holidays by date.
func (s *Service) CountryHolidays(ctx context.Context, countryID int64) ([]HolidayYear, error) {
	if _, err := s.Country(ctx, countryID); err != nil {
		return nil, err
	}
	years, err := s.st.CountryHolidayYearList(ctx, countryID)
	if err != nil {
		return nil, err
	}
	days, err := s.st.HolidayListByCountry(ctx, countryID)
	if err != nil {
		return nil, err
	}
	out := make([]HolidayYear, len(years))
	index := map[int64]int{}
	for i, y := range years {
		out[i] = HolidayYear{CountryHoliday: y, Holidays: []store.Holiday{}}
		index[y.ID] = i
	}
	for _, d := range days {
		i := index[d.CountryHolidayID]
		out[i].Holidays = append(out[i].Holidays, d)
	}
	return out, nil
}

// CreateCountry adds a country by its two-letter code and name.
func (s *Service) CreateCountry(ctx context.Context, req org.Request, name, code string) (store.Country, error) {
	if err := requirePortalAdmin(req); err != nil {
		return store.Country{}, err
	}
	name, code = strings.TrimSpace(name), strings.ToLower(strings.TrimSpace(code))
	if name == "" {
		return store.Country{}, apperr.Invalid("name", KeyBlank)
	}
	if len(code) != 2 || strings.Trim(code, "abcdefghijklmnopqrstuvwxyz") != "" {
		return store.Country{}, apperr.Invalid("code", KeyCodeInvalid)
	}
	var c store.Country
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		c, err = q.CountryCreate(ctx, store.CountryCreateParams{Code: code, Name: name})
		if store.IsNotFound(err) {
			return apperr.Invalid("code", KeyNameTaken)
		}
		if err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "country_created", map[string]any{"countryId": c.UUID, "code": code, "name": name})
	})
	return c, err
}

// DeleteCountry removes a country and its holidays, unless a workflow or a
// company uses it.
func (s *Service) DeleteCountry(ctx context.Context, req org.Request, id int64) error {
	if err := requirePortalAdmin(req); err != nil {
		return err
	}
	c, err := s.Country(ctx, id)
	if err != nil {
		return err
	}
	return s.st.InTx(ctx, func(q *store.Queries) error {
		use, err := q.CountryInUse(ctx, id)
		if err != nil {
			return err
		}
		switch {
		case use.Workflow != nil && *use.Workflow:
			return apperr.Argument(KeyCountryLinked)
		case use.Company:
			return apperr.Argument(KeyCountryNotDeleted)
		}
		if err := q.CountryDelete(ctx, id); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "country_deleted", map[string]any{"countryId": c.UUID, "code": c.Code})
	})
}

// CreateCountryHolidays adds a holiday year to a country. With holidays nil the
// year is filled from the country's built-in calendar (rickar/cal, for the
// known countries; empty for others); an empty list makes an empty year.
func (s *Service) CreateCountryHolidays(ctx context.Context, req org.Request, countryID int64, year string,
	holidays []HolidayInput) (HolidayYear, error) {
	if err := requirePortalAdmin(req); err != nil {
		return HolidayYear{}, err
	}
	c, err := s.Country(ctx, countryID)
	if err != nil {
		return HolidayYear{}, err
	}
	y, err := parseYear(year)
	if err != nil {
		return HolidayYear{}, err
	}
	if holidays == nil {
		holidays = builtinHolidays(c.Code, y)
	}
	rows, err := checkHolidays(y, holidays)
	if err != nil {
		return HolidayYear{}, err
	}
	var out HolidayYear
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		ch, err := q.CountryHolidayYearCreate(ctx, store.CountryHolidayYearCreateParams{CountryID: countryID, Year: int32(y)})
		if store.IsNotFound(err) {
			return apperr.Invalid("year", KeyYearTaken)
		}
		if err != nil {
			return err
		}
		out = HolidayYear{CountryHoliday: ch}
		if out.Holidays, err = writeHolidays(ctx, q, ch.ID, rows); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "country_holidays_created",
			map[string]any{"countryId": c.UUID, "year": y, "holidays": len(rows)})
	})
	if err != nil {
		return HolidayYear{}, err
	}
	s.holidaysChanged(ctx, countryID)
	return out, nil
}

// UpdateCountryHolidays replaces a holiday year's holidays (and its year, when
// given; the holidays must then fall in the new year).
func (s *Service) UpdateCountryHolidays(ctx context.Context, req org.Request, id int64, year *string,
	holidays []HolidayInput) (HolidayYear, error) {
	if err := requirePortalAdmin(req); err != nil {
		return HolidayYear{}, err
	}
	var out HolidayYear
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		ch, err := q.CountryHolidayYearLock(ctx, id)
		if store.IsNotFound(err) {
			return apperr.NotFound("country_holiday")
		}
		if err != nil {
			return err
		}
		y := int(ch.Year)
		if year != nil {
			if y, err = parseYear(*year); err != nil {
				return err
			}
		}
		rows, err := checkHolidays(y, holidays)
		if err != nil {
			return err
		}
		if y != int(ch.Year) {
			taken, err := q.CountryHolidayYearExists(ctx, store.CountryHolidayYearExistsParams{CountryID: ch.CountryID, Year: int32(y)})
			if err != nil {
				return err
			}
			if taken {
				return apperr.Invalid("year", KeyYearTaken)
			}
			if err := q.CountryHolidayYearSetYear(ctx, store.CountryHolidayYearSetYearParams{ID: id, Year: int32(y)}); err != nil {
				return err
			}
			ch.Year = int32(y)
		}
		if err := q.HolidayDeleteYear(ctx, id); err != nil {
			return err
		}
		out = HolidayYear{CountryHoliday: ch}
		if out.Holidays, err = writeHolidays(ctx, q, id, rows); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "country_holidays_updated",
			map[string]any{"countryHolidayId": id, "year": y, "holidays": len(rows)})
	})
	if err != nil {
		return HolidayYear{}, err
	}
	s.holidaysChanged(ctx, out.CountryID)
	return out, nil
}

// holidaysChanged re-plans the trigger processes of the company workflows in
// the country that consider holidays and have a schedule or anchor-date
// trigger (best effort, like every trigger change: the scheduler's reconcile
// catches up on what a Temporal outage missed).
func (s *Service) holidaysChanged(ctx context.Context, countryID int64) {
	ids, err := s.st.CompanyWorkflowTimedInCountry(ctx, countryID)
	if err != nil {
		s.log.Warn("holidays changed: listing the triggers to re-plan failed", "country", countryID, "err", err)
		return
	}
	for _, id := range ids {
		s.triggersChanged(ctx, id)
	}
}

// requirePortalAdmin: portal management is a global admin's, in the admin panel.
func requirePortalAdmin(req org.Request) error {
	if !req.AdminPanel || req.User.UserRole != string(access.UserRoleAdmin) {
		return apperr.Denied("")
	}
	return nil
}

func parseYear(s string) (int, error) {
	s = strings.TrimSpace(s)
	y := 0
	for _, r := range s {
		if r < '0' || r > '9' || y > maxHolidayYear {
			return 0, apperr.Invalid("year", KeyYearInvalid)
		}
		y = y*10 + int(r-'0')
	}
	if s == "" || y < minHolidayYear || y > maxHolidayYear {
		return 0, apperr.Invalid("year", KeyYearInvalid)
	}
	return y, nil
}

// builtinHolidays is a year of the country's built-in calendar.
func builtinHolidays(code string, year int) []HolidayInput {
	cal, err := graph.NewCalendar(code)
	if err != nil {
		return []HolidayInput{}
	}
	out := []HolidayInput{}
	for _, h := range cal.Holidays(year) {
		out = append(out, HolidayInput{Date: h.Date.String(), Name: h.Name, LocalName: h.LocalName})
	}
	return out
}

// checkHolidays validates a year's holidays: real dates in the year, names,
// one holiday per date. It answers them by date.
func checkHolidays(year int, in []HolidayInput) ([]store.Holiday, error) {
	out := make([]store.Holiday, 0, len(in))
	seen := map[graph.Date]bool{}
	for _, h := range in {
		d, err := graph.ParseDate(strings.TrimSpace(h.Date))
		if err != nil {
			return nil, apperr.Invalid("holidays", KeyHolidayDateInvalid)
		}
		if d.Year != year {
			return nil, apperr.Invalid("holidays", KeyHolidayOutsideYear)
		}
		if seen[d] {
			return nil, apperr.Invalid("holidays", KeyHolidayDuplicateDate)
		}
		seen[d] = true
		name := strings.TrimSpace(h.Name)
		if name == "" {
			return nil, apperr.Invalid("holidays", KeyBlank)
		}
		row := store.Holiday{Date: pgtype.Date{Time: time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC), Valid: true}, Name: name}
		if l := strings.TrimSpace(h.LocalName); l != "" {
			row.LocalName = &l
		}
		out = append(out, row)
	}
	slices.SortFunc(out, func(a, b store.Holiday) int { return a.Date.Time.Compare(b.Date.Time) })
	return out, nil
}

func writeHolidays(ctx context.Context, q *store.Queries, yearID int64, rows []store.Holiday) ([]store.Holiday, error) {
	type row struct {
		Date      string `json:"date"`
		Name      string `json:"name"`
		LocalName string `json:"local_name"`
	}
	list := make([]row, 0, len(rows))
	for i := range rows {
		rows[i].CountryHolidayID = yearID
		r := row{Date: rows[i].Date.Time.Format(time.DateOnly), Name: rows[i].Name}
		if rows[i].LocalName != nil {
			r.LocalName = *rows[i].LocalName
		}
		list = append(list, r)
	}
	if len(rows) == 0 {
		return rows, nil
	}
	b, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	return rows, q.HolidayInsertYear(ctx, store.HolidayInsertYearParams{CountryHolidayID: yearID, Rows: b})
}
