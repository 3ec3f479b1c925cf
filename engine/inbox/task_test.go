package inbox_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
)

func TestCreateTaskAndReadAccess(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	payroll := e.create(t, "agent@portico.test", "Acme Oy", "Payroll", "Payroll run")
	accounting := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "Invoice question")
	internal := e.create(t, "agent@portico.test", "Acme Oy", "Internal", "Staff only")
	borealis := e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "Hej")
	events := e.pub.Take()
	require.Equal(t, []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test", "carl@acme.test"},
		e.recipients(events[:1], "inbox_thread.create"), "payroll thread: staff, anna (customer admin sees sensitive only by membership: she has all) and carl")

	cases := []struct {
		user string
		task *inbox.Task
		want string
	}{
		{"agent@portico.test", payroll, ""},
		{"anna@acme.test", payroll, ""},
		{"carl@acme.test", payroll, ""},
		{"carl@acme.test", accounting, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"anna@acme.test", internal, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"agent@portico.test", internal, ""},
		{"eva@borealis.test", payroll, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"anna@acme.test", borealis, "RECORD_NOT_FOUND:inbox_task_not_found"},
		{"eva@borealis.test", borealis, ""},
		{"admin@portico.test", borealis, ""},
	}
	for _, c := range cases {
		t.Run(c.user+"/"+c.task.Title, func(t *testing.T) {
			got, err := e.svc.Task(ctx, e.req(c.user), c.task.UUID)
			require.Equal(t, c.want, code(err))
			if err == nil {
				require.Equal(t, c.task.UUID, got.UUID)
			}
		})
	}
	e.checkCounters(t)
}

func TestCreateTaskRefusesBadInput(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	long := make([]byte, inbox.MessageLimit+1)
	for i := range long {
		long[i] = 'a'
	}
	cases := []struct {
		name, user, company, category, title, desc string
		want                                       string
	}{
		{"no title", "anna@acme.test", "Acme Oy", "Accounting", "  ", "", "VALIDATION_ERROR:required"},
		{"too long", "anna@acme.test", "Acme Oy", "Accounting", "x", string(long), "VALIDATION_ERROR:message_text_is_too_long"},
		{"script", "anna@acme.test", "Acme Oy", "Accounting", "x", "<script>alert(1)</script>", "ARGUMENT_ERROR:disallowed_html"},
		{"onclick", "anna@acme.test", "Acme Oy", "Accounting", "x", `<p onclick="x()">hi</p>`, "ARGUMENT_ERROR:disallowed_html"},
		{"javascript link", "anna@acme.test", "Acme Oy", "Accounting", "x", `<a href="javascript:alert(1)">hi</a>`, "ARGUMENT_ERROR:disallowed_html"},
		{"category not visible", "carl@acme.test", "Acme Oy", "Accounting", "x", "", "RECORD_NOT_FOUND:record_not_found"},
		{"internal for customer", "anna@acme.test", "Acme Oy", "Internal", "x", "", "RECORD_NOT_FOUND:record_not_found"},
		{"other company", "eva@borealis.test", "Acme Oy", "Accounting", "x", "", "RECORD_NOT_FOUND:record_not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.svc.CreateTask(ctx, e.req(c.user), inbox.CreateTaskParams{CompanyID: e.company(c.company),
				CategoryID: e.category(c.category), Title: c.title, Description: c.desc})
			require.Equal(t, c.want, code(err))
		})
	}
	n, err := e.st.ThreadCountForCompany(ctx, e.seed.Companies["Acme Oy"].ID)
	require.NoError(t, err)
	require.Zero(t, n, "nothing was written")
}

func TestStatusMachine(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	cases := []struct {
		name   string
		author string
		actor  string
		steps  []string
		want   string
	}{
		{"agent starts and closes", "anna@acme.test", "agent@portico.test", []string{"in_progress", "closed"}, ""},
		{"agent reopens", "anna@acme.test", "agent@portico.test", []string{"closed", "in_progress"}, ""},
		{"customer author closes", "anna@acme.test", "anna@acme.test", []string{"closed"}, ""},
		{"customer cannot reopen", "anna@acme.test", "anna@acme.test", []string{"closed", "in_progress"}, "AASM_INVALID_TRANSITION:Event 'start' cannot transition from 'closed'"},
		{"customer not author", "agent@portico.test", "anna@acme.test", []string{"closed"}, "ACCESS_DENIED:access_denied"},
		{"automatic status", "anna@acme.test", "agent@portico.test", []string{"failed"}, "AASM_INVALID_TRANSITION:Event 'fail' cannot transition from 'created'"},
		{"unknown status", "anna@acme.test", "agent@portico.test", []string{"bogus"}, "ARGUMENT_ERROR:invalid_status"},
		{"skip needs skippable", "anna@acme.test", "agent@portico.test", []string{"skipped"}, "AASM_INVALID_TRANSITION:Event 'skip' cannot transition from 'created'"},
		{"other company", "anna@acme.test", "eva@borealis.test", []string{"closed"}, "RECORD_NOT_FOUND:inbox_task_not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			task := e.create(t, c.author, "Acme Oy", "Accounting", c.name)
			var err error
			for _, s := range c.steps {
				if _, err = e.svc.ChangeStatus(ctx, e.req(c.actor), task.UUID, s); err != nil {
					break
				}
			}
			require.Equal(t, c.want, code(err))
			e.checkCounters(t)
		})
	}
}

func TestPermittedTransitions(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	task := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "perm")
	for _, c := range []struct {
		user     string
		want     []string
		editable bool
	}{
		{"agent@portico.test", []string{"in_progress", "closed"}, true},
		{"anna@acme.test", []string{"in_progress", "closed"}, true},
		{"admin@portico.test", []string{"in_progress", "closed"}, true},
	} {
		got, err := e.svc.Task(ctx, e.req(c.user), task.UUID)
		require.NoError(t, err)
		require.Equal(t, c.want, got.PermittedTransitions, c.user)
		require.Equal(t, c.editable, got.StatusEditable, c.user)
	}
	_, err := e.svc.ChangeStatus(ctx, e.req("agent@portico.test"), task.UUID, "closed")
	require.NoError(t, err)
	got, err := e.svc.Task(ctx, e.req("anna@acme.test"), task.UUID)
	require.NoError(t, err)
	require.Empty(t, got.PermittedTransitions)
	require.False(t, got.StatusEditable)
	got, err = e.svc.Task(ctx, e.req("agent@portico.test"), task.UUID)
	require.NoError(t, err)
	require.Equal(t, []string{"in_progress"}, got.PermittedTransitions)
}
