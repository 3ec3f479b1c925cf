package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/api/viewer"
	"portico/engine/apperr"
	"portico/engine/audit"
)

// eventsLog serves GET /api/events_log (spec 000 §7, 002 §7 "Other calls"):
// parameters search, company_id (or header X-Company-UUID; none or "all" for
// every company), user_id, event_category, time_start, time_end (RFC 3339, or
// YYYY-MM-DD: time_end's day is included), page, per_page and sort_order
// (asc or desc, the default). The answer is {result: [...], meta: {total_count,
// total_pages}}; a refused request answers {errors: [{code, message, field}]}.
func (s *Server) eventsLog(w http.ResponseWriter, r *http.Request) {
	v := viewer.From(r.Context())
	f, err := eventsLogFilter(r)
	if err == nil {
		var page audit.Page
		if page, err = s.events.List(r.Context(), v.Request(), f); err == nil {
			result := page.Entries
			if result == nil {
				result = []audit.Entry{}
			}
			writeJSON(w, http.StatusOK, map[string]any{"result": result,
				"meta": map[string]any{"total_count": page.TotalCount, "total_pages": page.TotalPages}})
			return
		}
	}
	s.eventsLogError(w, err)
}

// eventsLogUsers serves GET /api/events_log/users?search= (an addition to the
// spec, see docs/decisions): the users the events log's user filter
// offers as the reader types, {result: [{uuid, name, email, active}]}.
func (s *Server) eventsLogUsers(w http.ResponseWriter, r *http.Request) {
	users, err := s.events.Users(r.Context(), viewer.From(r.Context()).Request(), r.URL.Query().Get("search"))
	if err != nil {
		s.eventsLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": users})
}

// eventsLogError answers a refused events-log request with {errors: [{code,
// message, field}]}.
func (s *Server) eventsLogError(w http.ResponseWriter, err error) {
	e, ok := apperr.As(err)
	if !ok {
		s.log.Error("events log", "err", err)
		writeError(w, http.StatusInternalServerError, "INTERNAL", "something_went_wrong")
		return
	}
	status := http.StatusBadRequest
	switch e.Code {
	case apperr.RecordNotFound:
		status = http.StatusNotFound
	case apperr.AccessDenied:
		status = http.StatusForbidden
	}
	writeJSON(w, status, map[string]any{"errors": []map[string]string{{"code": string(e.Code), "message": e.Message, "field": e.Field}}})
}

func eventsLogFilter(r *http.Request) (audit.Filter, error) {
	q := r.URL.Query()
	f := audit.Filter{Search: q.Get("search"), Category: q.Get("event_category")}
	company := q.Get("company_id")
	if company == "" {
		company = r.Header.Get("X-Company-UUID")
	}
	if company != "" && company != "all" {
		id, err := uuid.Parse(company)
		if err != nil {
			return f, apperr.NotFound("company")
		}
		f.CompanyID = &id
	}
	if s := q.Get("user_id"); s != "" {
		id, err := uuid.Parse(s)
		if err != nil {
			return f, apperr.NotFound("user")
		}
		f.UserID = &id
	}
	var err error
	if f.TimeStart, err = eventsLogTime(q.Get("time_start"), "time_start", false); err != nil {
		return f, err
	}
	if f.TimeEnd, err = eventsLogTime(q.Get("time_end"), "time_end", true); err != nil {
		return f, err
	}
	for _, p := range []struct {
		name string
		to   *int
	}{{"page", &f.Page}, {"per_page", &f.PerPage}} {
		if s := q.Get(p.name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				return f, apperr.Invalid(p.name, "invalid_number")
			}
			*p.to = n
		}
	}
	switch strings.ToLower(q.Get("sort_order")) {
	case "", "desc":
	case "asc":
		f.Ascending = true
	default:
		return f, apperr.Invalid("sort_order", "invalid_sort_order")
	}
	return f, nil
}

// eventsLogTime reads a time bound: RFC 3339, or a date (YYYY-MM-DD, in UTC);
// an end date means the end of that day.
func eventsLogTime(s, field string, end bool) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return &t, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return nil, apperr.Invalid(field, "invalid_date")
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return &t, nil
}
