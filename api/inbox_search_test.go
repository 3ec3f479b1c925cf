package api_test

import (
	"io"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
)

const testAppSecret = "test-application-secret"

func TestInboxSearchUsersAndFramesThroughGraphQL(t *testing.T) {
	_, u, acme := setupInbox(t)
	var created struct {
		Task struct{ UUID string }
	}
	u["anna"].gql(`mutation($c: ID!) { createTask(companyId: $c, categoryId: "2", title: "Quarterly salaries", description: "<p>Palkat</p>") { task { uuid } } }`,
		map[string]any{"c": acme}, "createTask", &created)
	id := created.Task.UUID
	var msg struct {
		Activity struct{ UUID string }
	}
	u["agent"].gql(`mutation($id: ID!) { createMessage(taskId: $id, message: "<p>The salaries are paid on Friday</p>") { activity { uuid } } }`,
		map[string]any{"id": id}, "createMessage", &msg)

	search := `query($q: String!) { searchInboxTasks(query: $q, limit: 10) { collection { thread { uuid title } activityId entityType highlightSearchText }
	  participants { uuid name } responsibleUsers { uuid } senders { uuid name } totalCount } }`
	type result struct {
		Collection []struct {
			Thread              struct{ UUID, Title string }
			ActivityID          *string
			EntityType          string
			HighlightSearchText string
		}
		Participants []struct{ UUID, Name string }
		Senders      []struct{ UUID, Name string }
		TotalCount   int
	}
	for _, c := range []struct {
		user  string
		q     string
		count int
	}{{"agent", "salary", 1}, {"carl", "salary", 1}, {"anna", "Friday", 1}, {"eva", "salary", 0}} { // title and message: one thread, one row
		var r result
		u[c.user].gql(search, map[string]any{"q": c.q}, "searchInboxTasks", &r)
		require.Equal(t, c.count, r.TotalCount, c.user)
		require.Len(t, r.Collection, c.count, c.user)
		for _, h := range r.Collection {
			require.Equal(t, id, h.Thread.UUID)
			require.Contains(t, h.HighlightSearchText, "<mark>")
		}
	}
	var r result
	u["agent"].gql(search, map[string]any{"q": "friday"}, "searchInboxTasks", &r)
	require.Equal(t, "Inbox::Message", r.Collection[0].EntityType)
	require.Equal(t, msg.Activity.UUID, *r.Collection[0].ActivityID)
	require.Len(t, r.Participants, 1)
	require.Equal(t, "VALIDATION_ERROR", u["agent"].gqlError(search, map[string]any{"q": " "}))

	// users: mentions (who may see the thread) and viewers (who read an activity)
	mentions := `query($c: ID, $t: ID, $s: String) { users(companyId: $c, taskId: $t, search: $s) { collection { uuid name email } totalCount } }`
	type users struct {
		Collection []struct{ UUID, Name, Email string }
		TotalCount int
	}
	var m users
	u["agent"].gql(mentions, map[string]any{"c": acme, "t": id}, "users", &m)
	emails := []string{}
	for _, x := range m.Collection {
		emails = append(emails, x.Email)
	}
	require.Equal(t, []string{"agentadmin@portico.test", "anna@acme.test", "carl@acme.test"}, emails, "everyone who may see the Payroll thread, not the viewer")
	u["carl"].gql(mentions, map[string]any{"c": acme, "t": id, "s": "ann"}, "users", &m)
	require.Zero(t, m.TotalCount, "customers type 4 characters")
	u["carl"].gql(mentions, map[string]any{"c": acme, "t": id, "s": "anna"}, "users", &m)
	require.Equal(t, 1, m.TotalCount)
	require.Equal(t, "RECORD_NOT_FOUND", u["eva"].gqlError(mentions, map[string]any{"c": acme, "t": id}))

	var read struct{ Errors []struct{ Code string } }
	u["carl"].gql(`mutation($id: ID!) { readActivity(taskId: $id) { errors { code } } }`, map[string]any{"id": id}, "readActivity", &read)
	require.Empty(t, read.Errors)
	viewers := `query($a: ID) { users(activityId: $a) { collection { name activityReadedAt } totalCount } }`
	var v struct {
		Collection []struct {
			Name             string
			ActivityReadedAt *time.Time
		}
		TotalCount int
	}
	u["agent"].gql(viewers, map[string]any{"a": msg.Activity.UUID}, "users", &v)
	require.Equal(t, 2, v.TotalCount, "the agent who wrote it and carl who read it")
	for _, x := range v.Collection {
		require.NotNil(t, x.ActivityReadedAt)
	}
	require.Equal(t, "RECORD_NOT_FOUND", u["eva"].gqlError(viewers, map[string]any{"a": msg.Activity.UUID}))

	// an external application's frame: a signed token for this viewer and thread
	frame := `query($t: ID!, $app: ID!, $k: String!) { applicationIframe(actionKey: $k, id: $app, taskId: $t) { url token } }`
	var f struct{ URL, Token string }
	u["agent"].gql(frame, map[string]any{"t": id, "app": "netvisor", "k": "open_sales_invoices"}, "applicationIframe", &f)
	require.Equal(t, "/apps/netvisor?action=open_sales_invoices", f.URL)
	claims, ok := inbox.VerifyFrame([]byte(testAppSecret), f.Token, time.Now())
	require.True(t, ok)
	require.Equal(t, id, claims.Task.String())
	require.Equal(t, "open_sales_invoices", claims.Action)
	_, ok = inbox.VerifyFrame([]byte("another secret"), f.Token, time.Now())
	require.False(t, ok, "signed with the configured secret")
	_, ok = inbox.VerifyFrame([]byte(testAppSecret), f.Token, time.Now().Add(inbox.ApplicationTokenTTL+time.Second))
	require.False(t, ok, "short-lived")

	// the demo application the frame points at checks the token as a real one would
	page := func(path, token, lang string) (int, string) {
		req, err := http.NewRequest(http.MethodGet, u["agent"].base+path+"&token="+url.QueryEscape(token), nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Language", lang)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, string(body)
	}
	status, body := page(f.URL, f.Token, "en-GB,en;q=0.8")
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, body, "Open sales invoices")
	require.Contains(t, body, id)
	status, body = page(f.URL, f.Token, "fi")
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, body, "Koko näyttö")
	status, body = page(f.URL, f.Token+"x", "sv")
	require.Equal(t, http.StatusForbidden, status, "a tampered token")
	require.Contains(t, body, "Länken är ogiltig")
	require.NotContains(t, body, id)
	status, _ = page("/apps/procountor?action=open_sales_invoices", f.Token, "en")
	require.Equal(t, http.StatusForbidden, status, "another application's token")
	require.Equal(t, "RECORD_NOT_FOUND", u["agent"].gqlError(frame, map[string]any{"t": id, "app": "netvisor", "k": "nope"}))
	require.Equal(t, "RECORD_NOT_FOUND", u["agent"].gqlError(frame, map[string]any{"t": id, "app": "nope", "k": "open_ledger"}))
	require.Equal(t, "RECORD_NOT_FOUND", u["eva"].gqlError(frame, map[string]any{"t": id, "app": "netvisor", "k": "open_sales_invoices"}))
}

// Search hits through GraphQL carry the workflow columns, as inboxTasks rows do.
func TestInboxSearchWorkflowColumnsThroughGraphQL(t *testing.T) {
	e, u, acme := setupInbox(t)
	w, wfID := workflowThread(t, e, "Acme Oy", "Quarterly receipts")
	var created struct{ Task struct{ UUID string } }
	u["agent"].gql(`mutation($c: ID!) { createTask(companyId: $c, categoryId: "1", title: "Receipts of March") { task { uuid } } }`,
		map[string]any{"c": acme}, "createTask", &created)
	var r struct {
		Collection []struct{ Thread tableRow }
	}
	u["agent"].gql(`query { searchInboxTasks(query: "receipts", limit: 10) { collection {
	  thread { uuid title priority workflow { uuid name } workflowParameters { key label value } } } } }`,
		nil, "searchInboxTasks", &r)
	require.Len(t, r.Collection, 2)
	for _, h := range r.Collection {
		switch h.Thread.UUID {
		case wfID.String():
			require.Equal(t, &struct{ UUID, Name string }{w.UUID.String(), demo.DemoWorkflowName}, h.Thread.Workflow)
			require.Len(t, h.Thread.WorkflowParameters, 1)
			p := h.Thread.WorkflowParameters[0]
			require.Equal(t, "year", p.Key)
			require.Equal(t, "Year", p.Label)
			require.Equal(t, "2025", *p.Value)
		case created.Task.UUID:
			require.Nil(t, h.Thread.Workflow)
			require.NotNil(t, h.Thread.WorkflowParameters)
			require.Empty(t, h.Thread.WorkflowParameters)
		default:
			t.Fatalf("unexpected hit %s", h.Thread.Title)
		}
	}
}
