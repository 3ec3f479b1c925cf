package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	ical "github.com/emersion/go-ical"
	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/calendarfeed"
	"portico/engine/org"
	"portico/engine/workflow"
	wfgraph "portico/engine/workflow/graph"
)

const feedMutation = `mutation($a: Boolean) { renewCalendarFeed(assignedOnly: $a) { calendarFeed { url assignedOnly } errors { code message field } } }`

type feedAnswer struct {
	CalendarFeed *struct {
		URL          *string `json:"url"`
		AssignedOnly bool    `json:"assignedOnly"`
	} `json:"calendarFeed"`
	Errors []wfMutationErr `json:"errors"`
}

// renewFeed makes or renews the client's feed and answers its address.
func renewFeed(t *testing.T, c *client, assignedOnly any) string {
	t.Helper()
	var out feedAnswer
	c.gql(feedMutation, map[string]any{"a": assignedOnly}, "renewCalendarFeed", &out)
	require.Empty(t, out.Errors)
	require.NotNil(t, out.CalendarFeed)
	require.NotNil(t, out.CalendarFeed.URL)
	return *out.CalendarFeed.URL
}

// feedEvent is an event as a calendar app reads it.
type feedEvent struct {
	uid, summary, description, url, category string
	start, end                               time.Time
	allDay                                   bool
	stamp                                    bool
}

// readFeed fetches a feed without any session, as a calendar app does, and
// parses it with an iCalendar library; status is the HTTP status.
func readFeed(t *testing.T, te testEnv, address string) (int, map[string]feedEvent) {
	t.Helper()
	path := strings.TrimPrefix(address, "http://") // the server's PUBLIC_URL is not the test server's address
	path = path[strings.Index(path, "/"):]
	res, err := http.Get(te.srv.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return res.StatusCode, nil
	}
	require.Equal(t, "text/calendar; charset=utf-8", res.Header.Get("Content-Type"))
	var raw bytes.Buffer
	_, _ = raw.ReadFrom(res.Body)
	body := raw.String()
	require.True(t, strings.HasSuffix(body, "END:VCALENDAR\r\n"), "lines end in CRLF")
	for _, line := range strings.Split(strings.TrimSuffix(body, "\r\n"), "\r\n") {
		require.NotContains(t, line, "\n", "a bare line feed")
		require.LessOrEqual(t, len(line), 75, "lines are folded at 75 octets: %.90q", line)
	}
	cal, err := ical.NewDecoder(&raw).Decode()
	require.NoError(t, err)
	version, err := cal.Props.Text(ical.PropVersion)
	require.NoError(t, err)
	assert.Equal(t, "2.0", version)
	out := map[string]feedEvent{}
	for _, e := range cal.Events() {
		var fe feedEvent
		fe.uid, _ = e.Props.Text(ical.PropUID)
		fe.summary, _ = e.Props.Text(ical.PropSummary)
		fe.description, _ = e.Props.Text(ical.PropDescription)
		if u, err := e.Props.URI(ical.PropURL); err == nil && u != nil {
			fe.url = u.String()
		}
		fe.category, _ = e.Props.Text(ical.PropCategories)
		start := e.Props.Get(ical.PropDateTimeStart)
		require.NotNil(t, start)
		fe.allDay = start.ValueType() == ical.ValueDate
		fe.start, err = e.DateTimeStart(time.UTC)
		require.NoError(t, err)
		fe.end, err = e.DateTimeEnd(time.UTC)
		require.NoError(t, err)
		_, err := e.Props.DateTime(ical.PropDateTimeStamp, time.UTC)
		fe.stamp = err == nil
		require.NotContains(t, out, fe.summary+fe.uid)
		out[fe.uid] = fe
	}
	return http.StatusOK, out
}

func summaries(events map[string]feedEvent) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.summary)
	}
	return out
}

func hasSummary(events map[string]feedEvent, prefix string) bool {
	for _, e := range events {
		if strings.HasPrefix(e.summary, prefix) {
			return true
		}
	}
	return false
}

// The calendar feed: each user's secret address lists the due dates of the
// tasks they may see, open and planned, as all-day iCalendar events that a
// real iCalendar library reads back; another company's tasks and categories
// the user may not see never appear; staff may keep it to their own tasks;
// a wrong, renewed or deleted address answers 404.
func TestCalendarFeed(t *testing.T) {
	te := testServer(t, serverOpts{})
	seedKalevForecast(t, te)
	ctx := context.Background()
	due := time.Now().AddDate(0, 0, 10)
	task := func(company, category, title string, responsible *int64) uuid.UUID {
		var id uuid.UUID
		require.NoError(t, te.st.Pool.QueryRow(ctx, `INSERT INTO threads (company_id, category_id, title, due_date, responsible_id)
			VALUES ($1, $2, $3, $4, $5) RETURNING uuid`, te.seed.Companies[company].ID, te.seed.Categories[category].ID, title, due,
			responsible).Scan(&id))
		return id
	}
	agentID := te.seed.Users["agent@portico.test"].ID
	tricky := "Close Q4, then; check C:\\ledger"
	acmeTask := task("Acme Oy", "Accounting", tricky, &agentID)
	task("Acme Oy", "Payroll", "Payroll hours of the month, unassigned", nil)
	task("Kalev AS", "Accounting", "Kalev AS open declaration", nil)

	agent := te.client(t)
	agent.signIn("agent@portico.test")
	address := renewFeed(t, agent, nil)
	assert.Contains(t, address, "/calendar/")
	assert.True(t, strings.HasSuffix(address, ".ics"))
	status, events := readFeed(t, te, address)
	require.Equal(t, http.StatusOK, status)
	open, ok := events["task-"+acmeTask.String()+"@127.0.0.1"]
	require.True(t, ok, "the open task, by a stable UID: %v", summaries(events))
	assert.Equal(t, tricky+" (Acme Oy)", open.summary, "commas, semicolons and backslashes come back as they were")
	assert.True(t, open.allDay, "an all-day event (VALUE=DATE)")
	helsinki, _ := time.LoadLocation("Europe/Helsinki")
	assert.Equal(t, due.In(helsinki).Format(time.DateOnly), open.start.Format(time.DateOnly), "on its due day in Finland")
	assert.Equal(t, open.start.AddDate(0, 0, 1), open.end, "ending the next day (DTEND is exclusive)")
	assert.True(t, open.stamp, "with a DTSTAMP")
	assert.Equal(t, "Accounting", open.category)
	assert.True(t, strings.HasSuffix(open.url, "/inbox/"+acmeTask.String()), open.url)
	assert.Contains(t, open.description, open.url)
	assert.True(t, hasSummary(events, "Send the month-end report (Acme Oy)"), "the forecast's planned tasks")
	assert.True(t, hasSummary(events, "Pay the salaries (Acme Oy)"))
	assert.True(t, hasSummary(events, "Payroll hours of the month"))
	for _, e := range events {
		assert.NotContains(t, e.summary, "Kalev", "another company's tasks, open or planned")
		assert.True(t, e.allDay, e.summary)
		assert.True(t, e.stamp, e.summary)
	}

	// a customer of Payroll only: their category's tasks, nothing of Accounting
	carl := te.client(t)
	carl.signIn("carl@acme.test")
	var refused feedAnswer
	carl.gql(feedMutation, map[string]any{"a": true}, "renewCalendarFeed", &refused)
	require.Len(t, refused.Errors, 1)
	assert.Equal(t, "calendar_feed_assigned_only_for_staff", refused.Errors[0].Message, "customers have no assigned tasks")
	status, events = readFeed(t, te, renewFeed(t, carl, nil))
	require.Equal(t, http.StatusOK, status)
	assert.True(t, hasSummary(events, "Pay the salaries (Acme Oy)"))
	assert.True(t, hasSummary(events, "Payroll hours of the month"))
	for _, e := range events {
		assert.Equal(t, "Payroll", e.category, e.summary)
		assert.NotContains(t, e.summary, "Kalev")
		assert.NotContains(t, e.url, "company-workflows", "customers' links go to the inbox")
	}

	// assigned only: the agent's own tasks; the payroll's are the agent admin's
	var updated feedAnswer
	agent.gql(`mutation { updateCalendarFeed(assignedOnly: true) { calendarFeed { url assignedOnly } errors { code message } } }`, nil,
		"updateCalendarFeed", &updated)
	require.Empty(t, updated.Errors)
	assert.True(t, updated.CalendarFeed.AssignedOnly)
	assert.Nil(t, updated.CalendarFeed.URL, "the address is shown only when it is made")
	status, events = readFeed(t, te, address)
	require.Equal(t, http.StatusOK, status, "the same address")
	assert.Contains(t, events, "task-"+acmeTask.String()+"@127.0.0.1")
	assert.True(t, hasSummary(events, "Send the month-end report (Acme Oy)"))
	assert.False(t, hasSummary(events, "Pay the salaries"), "Aaro Agentadmin's")
	assert.False(t, hasSummary(events, "Payroll hours of the month"), "nobody's")

	// renewed: the old address stops at once; wrong ones are not found either
	renewed := renewFeed(t, agent, nil)
	assert.NotEqual(t, address, renewed)
	status, _ = readFeed(t, te, address)
	assert.Equal(t, http.StatusNotFound, status, "the renewed address")
	status, _ = readFeed(t, te, renewed)
	assert.Equal(t, http.StatusOK, status)
	status, _ = readFeed(t, te, "http://x/calendar/"+strings.Repeat("A", 43)+".ics")
	assert.Equal(t, http.StatusNotFound, status, "a wrong token")
	status, _ = readFeed(t, te, "http://x/calendar/nothing")
	assert.Equal(t, http.StatusNotFound, status)
	var stored struct {
		AssignedOnly bool    `json:"assignedOnly"`
		URL          *string `json:"url"`
	}
	agent.gql(`query { calendarFeed { url assignedOnly } }`, nil, "calendarFeed", &stored)
	assert.True(t, stored.AssignedOnly, "renewing keeps the choice")
	assert.Nil(t, stored.URL, "only the token's hash is kept")
	var hashes int
	require.NoError(t, te.st.Pool.QueryRow(ctx, `SELECT count(*) FROM calendar_feeds WHERE position(convert_to($1, 'UTF8') in token_hash) > 0`,
		renewed[strings.LastIndex(renewed, "/")+1:len(renewed)-4]).Scan(&hashes))
	assert.Zero(t, hashes, "the token itself is not stored")
	var deleted struct {
		Success bool `json:"success"`
	}
	agent.gql(`mutation { deleteCalendarFeed { success errors { code } } }`, nil, "deleteCalendarFeed", &deleted)
	assert.True(t, deleted.Success)
	status, _ = readFeed(t, te, renewed)
	assert.Equal(t, http.StatusNotFound, status, "a deleted feed")
}

// The feed's planned tasks are capped: a company whose daily runs plan more
// tasks over the feed's window than MaxForecastEvents gets exactly that many,
// the nearest ones (the forecast's first, in its order), none past the window.
func TestCalendarFeedCapsThePlannedTasks(t *testing.T) {
	te := testServer(t, serverOpts{})
	ctx := context.Background()
	kalev := te.seed.Companies["Kalev AS"]
	_, err := te.st.Pool.Exec(ctx, `UPDATE companies SET terms_accepted_at = now() WHERE id = $1`, kalev.ID)
	require.NoError(t, err)
	admin := org.Request{User: te.seed.Users["admin@portico.test"], AdminPanel: true}
	svc := te.deps.Workflows
	const steps = 12 // a run a day of 12 tasks: over 90 days about twice the cap
	nodes := []any{map[string]any{"id": "s", "type": "start"}}
	var edges []any
	prev := "s"
	for i := range steps {
		id := fmt.Sprintf("t%d", i)
		nodes = append(nodes, map[string]any{"id": id, "type": "task", "data": map[string]any{"title": fmt.Sprintf("Daily check %d", i),
			"assignee": map[string]any{"type": "responsible"}, "dueDate": map[string]any{"type": "offset", "days": 1 + i%3}}})
		edges = append(edges, map[string]any{"id": "e" + id, "source": prev, "target": id})
		prev = id
	}
	nodes = append(nodes, map[string]any{"id": "e", "type": "end"})
	edges = append(edges, map[string]any{"id": "e-end", "source": prev, "target": "e"})
	structure, _ := json.Marshal(map[string]any{"nodes": nodes, "edges": edges})
	name, draft, accounting := "Daily checks", false, te.seed.Categories["Accounting"].ID
	w, err := svc.CreateWorkflow(ctx, admin, workflow.WorkflowInput{Name: &name, CategoryID: &accounting, Draft: &draft,
		Structure: structure, CountryIDs: &[]int64{te.seed.Countries["ee"].ID}})
	require.NoError(t, err)
	cw, err := svc.Assign(ctx, admin, w.UUID, kalev.UUID, te.seed.Countries["ee"].ID)
	require.NoError(t, err)
	daily, _ := json.Marshal(map[string]any{"recurrencePattern": map[string]any{"type": "daily", "timeOfDay": "08:00",
		"dailyPattern": map[string]any{"type": "every_n_days", "interval": 1}},
		"scheduleEndCondition": map[string]any{"type": "no_end"}, "scheduleStartDate": "2025-01-01"})
	_, err = svc.ManageTriggers(ctx, admin, cw.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: daily}})
	require.NoError(t, err)

	kalle := te.client(t)
	kalle.signIn("kalle@kalev.test")
	address := renewFeed(t, kalle, nil)
	today := wfgraph.DateOf(time.Now())
	status, events := readFeed(t, te, address)
	require.Equal(t, http.StatusOK, status)
	all, err := svc.TaskForecast(ctx, te.seed.Users["kalle@kalev.test"], workflow.ForecastInput{DateFrom: today,
		DateTo: today.AddDays(calendarfeed.ForecastDays - 1), First: 100_000})
	require.NoError(t, err)
	require.Greater(t, len(all.Tasks), calendarfeed.MaxForecastEvents, "more planned tasks than the cap")

	planned := map[string]feedEvent{}
	for uid, e := range events {
		if strings.HasPrefix(uid, "forecast-") {
			planned[strings.TrimSuffix(uid, "@127.0.0.1")] = e
		}
	}
	require.Equal(t, calendarfeed.MaxForecastEvents, len(planned), "exactly the cap")
	var lastIn time.Time
	for i, task := range all.Tasks {
		uid := "forecast-" + task.CompanyWorkflow.String() + "-" + task.Run.Date.String() + "-" + task.NodeID
		e, in := planned[uid]
		if i < calendarfeed.MaxForecastEvents {
			require.True(t, in, "the nearest %d are in the feed: #%d %s on %s", calendarfeed.MaxForecastEvents, i, task.Title, task.Day)
			assert.Equal(t, task.Day.String(), e.start.Format(time.DateOnly))
			lastIn = e.start
			continue
		}
		require.False(t, in, "past the cap: #%d %s on %s", i, task.Title, task.Day)
		assert.False(t, task.Day.At(wfgraph.TimeOfDay{}, time.UTC).Before(lastIn), "the cut ones are the latest: %s", task.Day)
	}
	for _, e := range planned {
		assert.True(t, e.start.Before(today.AddDays(calendarfeed.ForecastDays).At(wfgraph.TimeOfDay{}, time.UTC)),
			"within the feed's %d days: %s", calendarfeed.ForecastDays, e.start)
	}
}
