package inbox_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
)

// pointer is one viewer's read state of a thread as every answer that carries
// it gives it: the unread count and where the pane opens (nil: nowhere).
type pointer struct {
	Unread  int
	OpensAt *uuid.UUID
}

// opensAt is the viewer's pointer for the thread from inboxTask, and checks
// that the inbox list, the tasks table's sorted list and a search hit of the
// thread (its title's first word) answer the same.
func (e *env) opensAt(t *testing.T, email string, task *inbox.Task) pointer {
	t.Helper()
	ctx := context.Background()
	e.svc.Settle() // a message's unread marks are applied after its commit
	req := e.req(email)
	one, err := e.svc.FindTask(ctx, req, inbox.TaskQuery{ID: task.UUID})
	require.NoError(t, err)
	got := pointer{one.UnreadCount, one.UnreadActivityID}
	require.Equal(t, got.Unread > 0, !one.Read, "read is unreadCount == 0")
	find := func(l *inbox.List, how string) {
		for _, v := range l.Collection {
			if v.UUID == task.UUID {
				require.Equal(t, got, pointer{v.UnreadCount, v.UnreadActivityID}, how)
				return
			}
		}
		t.Fatalf("%s: %s is not listed", how, task.Title)
	}
	l, err := e.svc.Tasks(ctx, req, inbox.ListParams{Selection: inbox.Selection{Folder: inbox.FolderInbox}, Limit: 30})
	require.NoError(t, err)
	find(l, "inboxTasks")
	l, err = e.svc.Tasks(ctx, req, inbox.ListParams{Selection: inbox.Selection{Folder: inbox.FolderInbox}, Limit: 30,
		OrderBy: "title asc"})
	require.NoError(t, err)
	find(l, "inboxTasks(orderBy)")
	res, err := e.svc.Search(ctx, req, inbox.SearchParams{Query: strings.Fields(task.Title)[0], Limit: 10})
	require.NoError(t, err)
	require.NotEmpty(t, res.Collection, "searchInboxTasks")
	for _, h := range res.Collection {
		require.Equal(t, task.UUID, h.Task.UUID)
		require.Equal(t, got, pointer{h.Task.UnreadCount, h.Task.UnreadActivityID}, "searchInboxTasks")
	}
	return got
}

// activities are the thread's activity uuids, oldest first.
func (e *env) activities(t *testing.T, task *inbox.Task) []uuid.UUID {
	t.Helper()
	page, err := e.svc.Activities(context.Background(), e.req("agent@portico.test"),
		inbox.ActivityPageParams{TaskID: task.UUID, Fresh: true, Limit: 100})
	require.NoError(t, err)
	out := make([]uuid.UUID, len(page.Collection))
	for i, a := range page.Collection {
		out[i] = a.UUID
	}
	return out
}

func read(n int, at uuid.UUID) pointer { return pointer{n, &at} }

var isRead = pointer{}

// The case: the agent reads a new thread, the customer replies, and
// the agent's inboxTask (a card's refresh: no `show`) opens at the reply.
func TestUnreadPointerAfterAReply(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "replied thread")
	acts := e.activities(t, task)
	require.Equal(t, read(1, acts[0]), e.opensAt(t, "agent@portico.test", task), "a new thread opens at its start")
	require.Equal(t, isRead, e.opensAt(t, "anna@acme.test", task), "the creator has read their thread")

	_, err := e.svc.ReadActivity(ctx, e.req("agent@portico.test"), task.UUID, nil)
	require.NoError(t, err)
	require.Equal(t, isRead, e.opensAt(t, "agent@portico.test", task))

	reply, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "<p>one</p>"})
	require.NoError(t, err)
	require.Equal(t, read(1, reply.UUID), e.opensAt(t, "agent@portico.test", task))
	require.Equal(t, isRead, e.opensAt(t, "anna@acme.test", task), "the author's own message")
	// a second reply: still the first unread
	second, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "<p>two</p>"})
	require.NoError(t, err)
	require.Equal(t, read(2, reply.UUID), e.opensAt(t, "agent@portico.test", task))
	// and for carl, who never opened it, the thread's start
	require.Equal(t, read(3, acts[0]), e.opensAt(t, "carl@acme.test", task))

	// reading up to the first reply: the second is still unread, and opens
	_, err = e.svc.ReadActivity(ctx, e.req("agent@portico.test"), task.UUID, &reply.UUID)
	require.NoError(t, err)
	require.Equal(t, read(1, second.UUID), e.opensAt(t, "agent@portico.test", task))
	e.checkCounters(t)
}

// readActivity up to an earlier activity leaves the later ones others made
// unread: three messages from the customer, read up to the first, leave two,
// opening at the second; the marker never moves back; reading to the end
// clears the rest.
func TestReadActivityUpToAnEarlierOne(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "partly read thread")
	_, err := e.svc.ReadActivity(ctx, agent, task.UUID, nil)
	require.NoError(t, err)
	var msgs []uuid.UUID
	for _, body := range []string{"<p>one</p>", "<p>two</p>", "<p>three</p>"} {
		m, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: body})
		require.NoError(t, err)
		msgs = append(msgs, m.UUID)
	}
	require.Equal(t, read(3, msgs[0]), e.opensAt(t, "agent@portico.test", task))

	got, err := e.svc.ReadActivity(ctx, agent, task.UUID, &msgs[0])
	require.NoError(t, err)
	require.Equal(t, 2, got.UnreadCount, "readActivity's answer")
	require.Equal(t, read(2, msgs[1]), e.opensAt(t, "agent@portico.test", task))
	e.checkCounters(t) // still among the agent's unread threads

	// on to the second
	_, err = e.svc.ReadActivity(ctx, agent, task.UUID, &msgs[1])
	require.NoError(t, err)
	require.Equal(t, read(1, msgs[2]), e.opensAt(t, "agent@portico.test", task))
	// back to the first: the marker stays at the second
	_, err = e.svc.ReadActivity(ctx, agent, task.UUID, &msgs[0])
	require.NoError(t, err)
	require.Equal(t, read(1, msgs[2]), e.opensAt(t, "agent@portico.test", task))

	_, err = e.svc.ReadActivity(ctx, agent, task.UUID, &msgs[2])
	require.NoError(t, err)
	require.Equal(t, isRead, e.opensAt(t, "agent@portico.test", task))
	e.checkCounters(t)
}

// Marking unread a thread read to its end opens it at its latest activity,
// one at a time and in bulk; reading it, one at a time or in bulk, clears it.
func TestUnreadPointerAfterMarkingUnread(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "marked thread")
	reply, err := e.svc.CreateMessage(ctx, e.req("carl@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "<p>hi</p>"})
	require.NoError(t, err)
	e.svc.Settle()

	mark := func(bulk, unread bool) {
		var err error
		if bulk {
			_, err = e.svc.ChangeTasksUnread(ctx, agent, inbox.BulkTarget{TaskIDs: []uuid.UUID{task.UUID}}, unread)
		} else {
			_, err = e.svc.ChangeUnread(ctx, agent, task.UUID, unread)
		}
		require.NoError(t, err)
	}
	for _, bulk := range []bool{false, true} {
		mark(bulk, false)
		require.Equal(t, isRead, e.opensAt(t, "agent@portico.test", task), "bulk %v", bulk)
		mark(bulk, true)
		require.Equal(t, read(1, reply.UUID), e.opensAt(t, "agent@portico.test", task), "bulk %v", bulk)
	}
	// the author marks their own last message unread: it opens there too
	_, err = e.svc.ChangeUnread(ctx, e.req("carl@acme.test"), task.UUID, true)
	require.NoError(t, err)
	require.Equal(t, read(1, reply.UUID), e.opensAt(t, "carl@acme.test", task))
	e.checkCounters(t)
}

// Status changes mark nobody unread; one the reader made is no news to them,
// one someone else made is the first thing they have not seen.
func TestUnreadPointerAfterAStatusChange(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "status thread")
	for _, email := range []string{"agent@portico.test", "carl@acme.test"} {
		_, err := e.svc.ReadActivity(ctx, e.req(email), task.UUID, nil)
		require.NoError(t, err)
	}
	_, err := e.svc.ChangeStatus(ctx, agent, task.UUID, inbox.StatusInProgress)
	require.NoError(t, err)
	status := e.activities(t, task)[1]
	require.Equal(t, isRead, e.opensAt(t, "agent@portico.test", task))
	require.Equal(t, isRead, e.opensAt(t, "carl@acme.test", task))

	reply, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "<p>ok</p>"})
	require.NoError(t, err)
	require.Equal(t, read(1, reply.UUID), e.opensAt(t, "agent@portico.test", task), "the agent's own status change is behind")
	require.Equal(t, read(1, status), e.opensAt(t, "carl@acme.test", task), "carl has not seen the status change")
	e.checkCounters(t)
}

// An attachment by someone else opens the thread at it; the uploader's own
// reads it.
func TestUnreadPointerAfterAnAttachment(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "attached thread")
	_, err := e.svc.ReadActivity(ctx, e.req("agent@portico.test"), task.UUID, nil)
	require.NoError(t, err)
	_, act, err := e.svc.CreateAttachment(ctx, e.req("anna@acme.test"), task.UUID,
		inbox.Upload{Filename: "a.txt", ContentType: "text/plain", Size: 1, Content: strings.NewReader("a")})
	require.NoError(t, err)
	require.Equal(t, read(1, act.UUID), e.opensAt(t, "agent@portico.test", task))
	require.Equal(t, isRead, e.opensAt(t, "anna@acme.test", task))
	e.checkCounters(t)
}

// A task a workflow run creates has no author: everyone opens it at its start.
func TestUnreadPointerOfAWorkflowTask(t *testing.T) {
	e := setup(t)
	companyID, instanceID := e.instance(t, "Acme Oy")
	id := e.wfTask(t, e.svc, companyID, instanceID, "Payroll", "n1")
	task := &inbox.Task{}
	task.UUID, task.Title = id, "Receipts n1"
	start := e.activities(t, task)[0]
	for _, email := range []string{"agent@portico.test", "anna@acme.test", "carl@acme.test"} {
		require.Equal(t, read(1, start), e.opensAt(t, email, task), email)
	}
	e.checkCounters(t)
}
