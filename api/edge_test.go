package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// inboxTask honours companyId (a thread of another company is not found);
// show changes nothing: a card's refresh carries the first unread activity too.
func TestInboxTaskHonoursCompanyAndShow(t *testing.T) {
	e, u, acme := setupInbox(t)
	_ = e
	id := u["anna"].createThread(acme, "Shown")

	borealis := ""
	for _, c := range u["agent"].init().Companies {
		if c.Name == "Borealis AB" {
			borealis = c.UUID
		}
	}
	require.NotEmpty(t, borealis)

	const one = `query($c: ID, $id: ID!, $show: Boolean) { inboxTask(companyId: $c, id: $id, show: $show) { uuid unreadCount unreadActivityId } }`
	type taskJSON struct {
		UUID             string
		UnreadCount      int
		UnreadActivityID *string
	}
	var shown, card, anyCompany taskJSON
	u["agent"].gql(one, map[string]any{"c": acme, "id": id, "show": true}, "inboxTask", &shown)
	require.Equal(t, id, shown.UUID)
	require.Equal(t, 1, shown.UnreadCount)
	require.NotNil(t, shown.UnreadActivityID, "the pane opens at the first unread activity")
	u["agent"].gql(one, map[string]any{"c": acme, "id": id}, "inboxTask", &card)
	require.Equal(t, shown, card, "a card's refresh knows where the pane opens")
	u["agent"].gql(one, map[string]any{"id": id, "show": true}, "inboxTask", &anyCompany)
	require.Equal(t, shown, anyCompany, "without companyId any company the viewer may see")

	require.Equal(t, "RECORD_NOT_FOUND", u["agent"].gqlError(one, map[string]any{"c": borealis, "id": id, "show": true}))
	require.Equal(t, "RECORD_NOT_FOUND", u["agent"].gqlError(one, map[string]any{"c": "not-a-uuid", "id": id}))
}

// Without filters inboxTasks lists the inbox folder at any page size, as the
// sidebar's page of 10 does.
func TestInboxTasksWithoutFiltersListTheInboxFolderAtAnyPageSize(t *testing.T) {
	_, u, acme := setupInbox(t)
	for _, title := range []string{"One", "Two", "Three"} {
		var created struct{ Errors []struct{ Code string } }
		u["anna"].gql(`mutation($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "2", title: $t) { errors { code } } }`,
			map[string]any{"c": acme, "t": title}, "createTask", &created)
		require.Empty(t, created.Errors)
	}
	const list = `query($c: ID, $l: Int, $f: InboxFilters) { inboxTasks(companyId: $c, limit: $l, filters: $f) { collection { uuid } totalCount } }`
	type listJSON struct {
		Collection []struct{ UUID string }
		TotalCount int
	}
	page := func(limit int, filters map[string]any) listJSON {
		var l listJSON
		vars := map[string]any{"c": acme, "l": limit}
		if filters != nil {
			vars["f"] = filters
		}
		u["agent"].gql(list, vars, "inboxTasks", &l)
		return l
	}
	sidebar := page(10, nil)
	require.Len(t, sidebar.Collection, 3)
	for _, limit := range []int{2, 30} {
		l := page(limit, nil)
		require.Equal(t, sidebar.TotalCount, l.TotalCount, "limit %d", limit)
		require.Equal(t, sidebar.Collection[:min(limit, 3)], l.Collection, "limit %d", limit)
	}

	// closing one leaves it out of the inbox folder; with filters asking for
	// completed threads (the tasks table) it is listed
	var closed struct{ Errors []struct{ Code string } }
	u["agent"].gql(`mutation($id: ID!) { changeTaskStatus(taskId: $id, status: "closed") { errors { code } } }`,
		map[string]any{"id": sidebar.Collection[0].UUID}, "changeTaskStatus", &closed)
	require.Empty(t, closed.Errors)
	require.Equal(t, 2, page(30, nil).TotalCount)
	require.Equal(t, 3, page(30, map[string]any{"showCompleted": true}).TotalCount)
	require.Equal(t, 2, page(10, nil).TotalCount)
}

// updateSelectedCategoryIds saves only categories the viewer may see.
func TestSelectedCategoriesAreCheckedByTheEngine(t *testing.T) {
	e := setup(t, true)
	categoryIDs := func(c *client) (visible map[string]string, selected []string) {
		res, body := c.get("/api/init.json")
		require.Equal(t, http.StatusOK, res.StatusCode)
		var out struct {
			Categories []struct{ ID, Name string }
			// the web app reads the saved filter from the user (000 §2.4 guard 13)
			User struct {
				SelectedCategoryIDs []string `json:"selectedCategoryIds"`
			}
		}
		require.NoError(t, json.Unmarshal(body, &out))
		visible = map[string]string{}
		for _, cat := range out.Categories {
			visible[cat.Name] = cat.ID
		}
		return visible, out.User.SelectedCategoryIDs
	}
	staff := e.client(t)
	staff.signIn("agentadmin@portico.test")
	staffSees, _ := categoryIDs(staff)
	internal := staffSees["Internal"]
	require.NotEmpty(t, internal)

	anna := e.client(t)
	anna.signIn("anna@acme.test")
	annaSees, selected := categoryIDs(anna)
	require.NotContains(t, annaSees, "Internal")
	require.NotNil(t, selected)
	require.Empty(t, selected)

	const save = `mutation($ids: [ID!]!) { updateSelectedCategoryIds(categoryIds: $ids) { success errors { code message field } } }`
	var refused, saved struct {
		Success bool
		Errors  []struct{ Code, Message, Field string }
	}
	anna.gql(save, map[string]any{"ids": []string{annaSees["Payroll"], internal}}, "updateSelectedCategoryIds", &refused)
	require.False(t, refused.Success)
	require.Len(t, refused.Errors, 1)
	require.Equal(t, "invalid_category", refused.Errors[0].Message)
	require.Equal(t, "categoryIds", refused.Errors[0].Field)
	_, selected = categoryIDs(anna)
	require.Empty(t, selected, "a refused selection changes nothing")

	anna.gql(save, map[string]any{"ids": []string{annaSees["Payroll"]}}, "updateSelectedCategoryIds", &saved)
	require.True(t, saved.Success)
	require.Empty(t, saved.Errors)
	_, selected = categoryIDs(anna)
	require.Equal(t, []string{annaSees["Payroll"]}, selected)

	staff.gql(save, map[string]any{"ids": []string{internal}}, "updateSelectedCategoryIds", &saved)
	require.True(t, saved.Success)
}

// The case through GraphQL: the agent reads a new thread, the customer
// replies, and the agent's inboxTask (with and without show) opens at the reply.
func TestInboxTaskOpensAtTheReply(t *testing.T) {
	te, u, acme := setupInboxServer(t)
	id := u["anna"].createThread(acme, "Replied")
	const one = `query($id: ID!, $show: Boolean) { inboxTask(id: $id, show: $show) { read unreadCount unreadActivityId } }`
	type taskJSON struct {
		Read             bool
		UnreadCount      int
		UnreadActivityID *string
	}
	var read taskJSON
	var payload struct{ Errors []struct{ Code string } }
	u["agent"].gql(`mutation($id: ID!) { readActivity(taskId: $id) { errors { code } } }`, map[string]any{"id": id}, "readActivity", &payload)
	require.Empty(t, payload.Errors)
	u["agent"].gql(one, map[string]any{"id": id}, "inboxTask", &read)
	require.Equal(t, taskJSON{Read: true}, read)

	var reply struct{ Activity struct{ UUID string } }
	u["anna"].gql(`mutation($id: ID!) { createMessage(taskId: $id, message: "<p>thanks</p>") { activity { uuid } } }`,
		map[string]any{"id": id}, "createMessage", &reply)
	te.deps.Services.Inbox.Settle() // the reply's unread marks are applied after its commit
	for _, show := range []any{nil, false, true} {
		var got taskJSON
		u["agent"].gql(one, map[string]any{"id": id, "show": show}, "inboxTask", &got)
		require.Equal(t, taskJSON{UnreadCount: 1, UnreadActivityID: &reply.Activity.UUID}, got, "show %v", show)
	}
}

// createThread opens a thread in category 2 (Payroll) of the company; its uuid.
func (c *client) createThread(companyID, title string) string {
	c.t.Helper()
	var created struct {
		Task   struct{ UUID string }
		Errors []struct{ Code, Message string }
	}
	c.gql(`mutation($c: ID!, $t: String!) { createTask(companyId: $c, categoryId: "2", title: $t, description: "<p>x</p>") { task { uuid } errors { code message } } }`,
		map[string]any{"c": companyID, "t": title}, "createTask", &created)
	require.Empty(c.t, created.Errors)
	return created.Task.UUID
}
