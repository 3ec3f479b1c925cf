package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/engine/store"
)

func TestEventsLogEndpoint(t *testing.T) {
	te := testServer(t, serverOpts{})
	e, st, seed := te.env, te.st, te.seed
	acme := seed.Companies["Acme Oy"].UUID.String()

	anon := e.client(t)
	res, _ := anon.get("/api/events_log")
	require.Equal(t, http.StatusUnauthorized, res.StatusCode)

	for _, who := range []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test"} {
		c := e.client(t)
		c.signIn(who)
		res, _ := c.get("/api/events_log?company_id=" + acme)
		require.Equal(t, http.StatusForbidden, res.StatusCode, who)
	}

	admin := e.client(t)
	admin.signIn("admin@portico.test")
	anna := seed.Users["anna@acme.test"].ID
	require.NoError(t, st.EventLogAdd(context.Background(), store.EventLogAddParams{UserID: &anna, EventCategory: "Users",
		EventName: "profile_updated", Data: []byte("{}")}))
	res, body := admin.get("/api/events_log?event_category=Users&per_page=5&sort_order=asc")
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))
	var page struct {
		Result []struct {
			EventCategory string `json:"event_category"`
			EventName     string `json:"event_name"`
			UpdatedAt     string `json:"updated_at"`
			User          *struct {
				Name  string `json:"name"`
				Email string `json:"email"`
			} `json:"user_id"`
		} `json:"result"`
		Meta struct {
			TotalCount int `json:"total_count"`
			TotalPages int `json:"total_pages"`
		} `json:"meta"`
	}
	require.NoError(t, json.Unmarshal(body, &page))
	require.NotEmpty(t, page.Result)
	require.Equal(t, "Users", page.Result[0].EventCategory)
	require.GreaterOrEqual(t, page.Meta.TotalCount, 1)

	res, body = admin.get("/api/events_log?company_id=" + acme + "&time_start=2026-01-01&time_end=2026-01-31")
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))

	for query, field := range map[string]string{
		"time_start=yesterday":                      "time_start",
		"time_end=2026-02-30":                       "time_end",
		"event_category=Nonsense":                   "event_category",
		"page=0":                                    "page",
		"sort_order=sideways":                       "sort_order",
		"time_start=2026-02-01&time_end=2026-01-01": "time_end",
	} {
		res, body := admin.get("/api/events_log?" + query)
		require.Equal(t, http.StatusBadRequest, res.StatusCode, query)
		var refused struct {
			Errors []struct{ Code, Message, Field string } `json:"errors"`
		}
		require.NoError(t, json.Unmarshal(body, &refused))
		require.Len(t, refused.Errors, 1, query)
		require.Equal(t, "VALIDATION_ERROR", refused.Errors[0].Code, query)
		require.Equal(t, field, refused.Errors[0].Field, query)
	}
	res, _ = admin.get("/api/events_log?company_id=not-a-company")
	require.Equal(t, http.StatusNotFound, res.StatusCode)
}

// The events log's user filter searches every user on the server as the
// reader types (name or e-mail), staff and customers, active or not; only
// those who read the log may ask.
func TestEventsLogUserSearch(t *testing.T) {
	e := testServer(t, serverOpts{})
	type found struct {
		Result []struct{ UUID, Name, Email string } `json:"result"`
	}
	search := func(c *client, term string) (int, found) {
		res, body := c.get("/api/events_log/users?search=" + url.QueryEscape(term))
		var f found
		if res.StatusCode == http.StatusOK {
			require.NoError(t, json.Unmarshal(body, &f), string(body))
		}
		return res.StatusCode, f
	}
	emails := func(f found) []string {
		out := []string{}
		for _, u := range f.Result {
			out = append(out, u.Email)
		}
		return out
	}

	res, _ := e.client(t).get("/api/events_log/users?search=a")
	require.Equal(t, http.StatusUnauthorized, res.StatusCode)
	for _, who := range []string{"agentadmin@portico.test", "anna@acme.test"} {
		c := e.client(t)
		c.signIn(who)
		status, _ := search(c, "carl")
		require.Equal(t, http.StatusForbidden, status, who)
	}

	admin := e.client(t)
	admin.signIn("admin@portico.test")
	status, f := search(admin, "CARL")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, []string{"carl@acme.test"}, emails(f), "by name or e-mail, any case")
	status, f = search(admin, "borealis.test")
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, []string{"eva@borealis.test"}, emails(f))
	status, f = search(admin, "portico.test")
	require.Equal(t, http.StatusOK, status)
	require.Subset(t, emails(f), []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test"}, "staff too")
	status, f = search(admin, "%")
	require.Equal(t, http.StatusOK, status)
	require.Empty(t, f.Result, "% is a character, not a wildcard")
	status, f = search(admin, "")
	require.Equal(t, http.StatusOK, status)
	require.Len(t, f.Result, len(e.seed.Users), "everyone, by name, when nothing is typed")
}
