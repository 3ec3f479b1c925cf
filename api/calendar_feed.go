package api

import (
	"net/http"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/go-chi/chi/v5"

	"portico/engine/apperr"
)

// calendarFeed serves GET /calendar/<token>.ics: the due dates of a user's
// feed as iCalendar (RFC 5545), one all-day event per task, for calendar apps
// that poll it without a session. A wrong or renewed token is 404, exactly
// like an address that never existed.
func (s *Server) calendarFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(chi.URLParam(r, "file"), ".ics")
	if !ok || token == "" {
		http.NotFound(w, r)
		return
	}
	u, events, err := s.feeds.Events(r.Context(), token)
	if e, isApp := apperr.As(err); isApp && e.Code == apperr.RecordNotFound {
		http.NotFound(w, r)
		return
	} else if err != nil {
		s.log.Error("calendar feed", "err", err)
		http.Error(w, "the calendar could not be read", http.StatusInternalServerError)
		return
	}
	cal := ics.NewCalendarFor("Portico")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName("Portico")
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	stamp := time.Now()
	for _, ev := range events {
		e := cal.AddEvent(ev.UID)
		e.SetDtStampTime(stamp)
		if !ev.Updated.IsZero() {
			e.SetModifiedAt(ev.Updated)
		}
		day := time.Date(ev.Date.Year, ev.Date.Month, ev.Date.Day, 0, 0, 0, 0, time.UTC)
		e.SetAllDayStartAt(day)
		e.SetAllDayEndAt(day.AddDate(0, 0, 1)) // DTEND is exclusive
		e.SetSummary(clean(ev.Title + " (" + ev.Company + ")"))
		desc := ev.Company + " · " + ev.Category
		if ev.Workflow != "" {
			desc += " · " + ev.Workflow
		}
		if ev.Forecast { // not in the inbox yet
			desc += "\n" + planned[u.Language]
		}
		e.SetDescription(clean(desc + "\n" + ev.Link))
		e.SetURL(ev.Link)
		e.AddCategory(clean(ev.Category))
		e.SetTimeTransparency(ics.TransparencyTransparent)
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Header().Set("Content-Disposition", `inline; filename="portico.ics"`)
	_ = cal.SerializeTo(w, ics.WithNewLine("\r\n")) // RFC 5545 lines end in CRLF
}

// planned says, in the user's language, that a run will open the task.
var planned = map[string]string{
	"en": "Planned: a run of the workflow will open this task.",
	"fi": "Suunniteltu: työnkulun ajo avaa tämän tehtävän.",
	"sv": "Planerad: en körning av arbetsflödet öppnar den här uppgiften.",
}

// clean drops carriage returns and other control characters (but line
// feeds, which the TEXT escaping writes as \n) that a calendar cannot hold.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || (r >= 0x20 && r != 0x7f) {
			return r
		}
		return -1
	}, s)
}
