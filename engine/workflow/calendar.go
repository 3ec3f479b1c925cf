package workflow

import (
	"context"
	"time"

	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// calendar builds the business-day calendar of a country: its built-in
// holidays merged with those admins keep for it.
func calendar(ctx context.Context, q *store.Queries, countryID int64) (*graph.Calendar, store.Country, error) {
	c, err := q.CountryGet(ctx, countryID)
	if err != nil {
		return nil, c, err
	}
	rows, err := q.CountryHolidayListByCountry(ctx, countryID)
	if err != nil {
		return nil, c, err
	}
	admin := make([]graph.Holiday, 0, len(rows))
	for _, r := range rows {
		if !r.Date.Valid {
			continue
		}
		h := graph.Holiday{Date: graph.DateOf(r.Date.Time), Name: r.Name, Source: graph.SourceAdmin}
		if r.LocalName != nil {
			h.LocalName = *r.LocalName
		}
		admin = append(admin, h)
	}
	cal, err := graph.NewCalendar(c.Code, admin...)
	return cal, c, err
}

// zone is the time zone of a country (its capital's).
func zone(country string) *time.Location {
	loc, err := graph.LoadLocation(graph.DefaultTimeZone(country))
	if err != nil {
		return time.UTC
	}
	return loc
}
