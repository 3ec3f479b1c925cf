package inbox_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
)

func TestBulkPartialFailures(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	open := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "open one")
	closed := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "closed one")
	byAgent := e.create(t, "agent@portico.test", "Acme Oy", "Accounting", "agent's")
	_, err := e.svc.ChangeStatus(ctx, agent, closed.UUID, "closed")
	require.NoError(t, err)
	other := e.create(t, "eva@borealis.test", "Borealis AB", "Accounting", "borealis")
	agentID := e.seed.Users["agent@portico.test"].UUID
	ids := func(ts ...*inbox.Task) inbox.BulkTarget {
		bt := inbox.BulkTarget{}
		for _, t := range ts {
			bt.TaskIDs = append(bt.TaskIDs, t.UUID)
		}
		return bt
	}
	type outcome struct {
		failed int
		names  []string
		err    string
	}
	result := func(r *inbox.BulkResult, err error) outcome {
		o := outcome{err: code(err), names: []string{}}
		if r != nil {
			o.failed = r.Failed
			for _, it := range r.Items {
				if !it.Success {
					o.names = append(o.names, it.Title)
				}
			}
		}
		return o
	}
	future := time.Now().Add(72 * time.Hour)
	past := time.Now().Add(-time.Hour)
	tooMany := inbox.BulkTarget{}
	for range inbox.BulkLimit + 1 {
		tooMany.TaskIDs = append(tooMany.TaskIDs, uuid.New())
	}
	cases := []struct {
		name string
		run  func() (*inbox.BulkResult, error)
		want outcome
	}{
		{"assign: the closed thread fails by name", func() (*inbox.BulkResult, error) {
			return e.svc.AssignTasksTo(ctx, agent, ids(open, closed), &agentID, false)
		}, outcome{1, []string{"closed one"}, ""}},
		{"assign: neither user nor nobody", func() (*inbox.BulkResult, error) {
			return e.svc.AssignTasksTo(ctx, agent, ids(open), nil, false)
		}, outcome{0, []string{}, "ARGUMENT_ERROR:either_user_id_or_nobody_must_be_present"}},
		{"due date: closed fails, counted", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksDueDate(ctx, agent, ids(open, closed), &future)
		}, outcome{1, []string{"closed one"}, ""}},
		{"due date in the past", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksDueDate(ctx, agent, ids(open), &past)
		}, outcome{0, []string{}, "ARGUMENT_ERROR:invalid_due_date"}},
		{"priority: closed fails", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksPriority(ctx, agent, ids(open, closed), "high")
		}, outcome{1, []string{"closed one"}, ""}},
		{"status: a transition the closed thread does not have", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksStatus(ctx, agent, ids(open, closed), "created")
		}, outcome{1, []string{"closed one"}, ""}},
		{"status by a customer: no bulk ability", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksStatus(ctx, e.req("anna@acme.test"), ids(open, byAgent), "in_progress")
		}, outcome{2, []string{"open one", "agent's"}, ""}},
		{"invalid status", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksStatus(ctx, agent, ids(open), "nope")
		}, outcome{0, []string{}, "ARGUMENT_ERROR:invalid_status"}},
		{"another company's thread", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksStatus(ctx, e.req("anna@acme.test"), ids(open, other), "in_progress")
		}, outcome{0, []string{}, "RECORD_NOT_FOUND:invalid_task_ids"}},
		{"more than the limit", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksStatus(ctx, agent, tooMany, "closed")
		}, outcome{0, []string{}, "ARGUMENT_ERROR:too_many_tasks"}},
		{"completion date", func() (*inbox.BulkResult, error) {
			return e.svc.ChangeTasksCompletionDate(ctx, agent, ids(open, closed), &future)
		}, outcome{0, []string{}, ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.snapshot(t)
			got := result(c.run())
			require.Equal(t, c.want, got)
			if c.want.err != "" {
				require.Equal(t, before, e.snapshot(t), "a refused bulk changes nothing")
			}
			e.checkCounters(t)
		})
	}
	got, err := e.svc.Task(ctx, agent, open.UUID)
	require.NoError(t, err)
	require.Equal(t, "high", got.Priority)
	require.NotNil(t, got.Responsible)
	require.Equal(t, "created", got.Status)

	t.Run("all tasks with the list's filters", func(t *testing.T) {
		acme := e.company("Acme Oy")
		res, err := e.svc.ChangeTasksPriority(ctx, agent, inbox.BulkTarget{AllTasks: true,
			Selection: inbox.Selection{CompanyID: &acme, Folder: inbox.FolderInbox}}, "low")
		require.NoError(t, err)
		require.Len(t, res.Items, 2, "the open and the agent's thread, not the closed one")
		require.Zero(t, res.Failed)
	})
}

// snapshot is the state of every thread, for "nothing changed" checks.
func (e *env) snapshot(t *testing.T) string {
	t.Helper()
	var s string
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(concat_ws('|', uuid, status,
		priority, due_date, responsible_id, hidden, completion_date, activity_at), ',' ORDER BY id), '') FROM threads`).Scan(&s))
	return s
}

func TestMessages(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	anna, agent := e.req("anna@acme.test"), e.req("agent@portico.test")
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "salaries")
	first, err := e.svc.CreateMessage(ctx, anna, inbox.CreateMessageParams{TaskID: task.UUID,
		Body: fmt.Sprintf(`<p>Carl, see <span class="mention" data-id="%s" data-name="Carl">@Carl</span> <a href="example.com/x">this</a></p>`,
			e.seed.Users["carl@acme.test"].UUID)})
	require.NoError(t, err)
	e.svc.Settle()
	require.Contains(t, first.Message.Body, `href="https://example.com/x"`)
	require.Contains(t, first.Message.Body, `target="_blank"`)
	require.Contains(t, first.Message.Body, `noopener`)

	carlView, err := e.svc.Task(ctx, e.req("carl@acme.test"), task.UUID)
	require.NoError(t, err)
	require.True(t, carlView.Mentioned, "carl was mentioned")
	agentView, err := e.svc.Task(ctx, agent, task.UUID)
	require.NoError(t, err)
	require.False(t, agentView.Mentioned)

	att, _, err := e.svc.CreateAttachment(ctx, agent, task.UUID, inbox.Upload{Filename: "slip.pdf", Size: 3, Content: bytes.NewReader([]byte("pdf"))})
	require.NoError(t, err)
	replyMsg, err := e.svc.CreateMessage(ctx, agent, inbox.CreateMessageParams{TaskID: task.UUID, Body: "ok",
		ReplyableID: &first.Message.UUID, ReplyableType: inbox.ReplyMessage})
	require.NoError(t, err)
	e.svc.Settle()
	require.NotNil(t, replyMsg.Message.Replyable)
	require.Equal(t, first.Message.UUID, replyMsg.Message.Replyable.UUID)
	require.Equal(t, "Portico", func() string {
		acts, err := e.svc.Activities(ctx, anna, inbox.ActivityPageParams{TaskID: task.UUID})
		require.NoError(t, err)
		return acts.Collection[len(acts.Collection)-1].Creator.Name
	}(), "staff names are hidden from customers")
	replyAtt, err := e.svc.CreateMessage(ctx, anna, inbox.CreateMessageParams{TaskID: task.UUID, Body: "thanks",
		ReplyableID: &att.UUID, ReplyableType: inbox.ReplyAttachment})
	require.NoError(t, err)
	e.svc.Settle()
	require.Equal(t, "slip.pdf", replyAtt.Message.Replyable.Filename)

	cases := []struct {
		name string
		run  func() error
		want string
	}{
		{"edit by another user", func() error {
			_, err := e.svc.UpdateMessage(ctx, agent, task.UUID, first.Message.UUID, "x", false)
			return err
		}, "ACCESS_DENIED:only_author_can_change_message"},
		{"empty edit", func() error {
			_, err := e.svc.UpdateMessage(ctx, anna, task.UUID, first.Message.UUID, "<p> </p>", false)
			return err
		}, "VALIDATION_ERROR:message_cannot_be_empty"},
		{"script", func() error {
			_, err := e.svc.UpdateMessage(ctx, anna, task.UUID, first.Message.UUID, "<script>x</script>", false)
			return err
		}, "ARGUMENT_ERROR:disallowed_html"},
		{"delete by another user", func() error {
			return e.svc.DeleteMessage(ctx, agent, task.UUID, first.Message.UUID)
		}, "ACCESS_DENIED:only_author_can_change_message"},
		{"reply to another thread's message", func() error {
			other := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "other")
			_, err := e.svc.CreateMessage(ctx, anna, inbox.CreateMessageParams{TaskID: other.UUID, Body: "x",
				ReplyableID: &first.Message.UUID, ReplyableType: inbox.ReplyMessage})
			return err
		}, "RECORD_NOT_FOUND:record_not_found"},
		{"empty message", func() error {
			_, err := e.svc.CreateMessage(ctx, anna, inbox.CreateMessageParams{TaskID: task.UUID, Body: "  "})
			return err
		}, "VALIDATION_ERROR:message_cannot_be_empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, code(c.run()))
		})
	}

	edited, err := e.svc.UpdateMessage(ctx, anna, task.UUID, first.Message.UUID, "<p>changed</p>", false)
	require.NoError(t, err)
	require.True(t, edited.Message.Edited)
	require.Equal(t, "<p>changed</p>", edited.Message.Body)

	require.NoError(t, e.svc.DeleteMessage(ctx, anna, task.UUID, first.Message.UUID))
	deleted, err := e.svc.Activity(ctx, agent, &task.UUID, first.UUID)
	require.NoError(t, err)
	require.Equal(t, "inbox_message.destroy", deleted.Key)
	require.True(t, deleted.Message.Deleted)
	require.Empty(t, deleted.Message.Body)
	require.Equal(t, "anna@acme.test", deleted.Message.DeletedBy.Email)
	again, err := e.svc.Activity(ctx, agent, &task.UUID, replyMsg.UUID)
	require.NoError(t, err)
	require.Nil(t, again.Message.Replyable, "a reply to a deleted message quotes nothing")

	// closed thread: no new messages, no edits
	_, err = e.svc.ChangeStatus(ctx, agent, task.UUID, "closed")
	require.NoError(t, err)
	_, err = e.svc.CreateMessage(ctx, anna, inbox.CreateMessageParams{TaskID: task.UUID, Body: "late"})
	require.Equal(t, "ARGUMENT_ERROR:cannot_add_message_to_closed_thread", code(err))
	_, err = e.svc.UpdateMessage(ctx, agent, task.UUID, replyMsg.Message.UUID, "late", false)
	require.Equal(t, "ARGUMENT_ERROR:cannot_change_message_in_closed_thread", code(err))
	e.checkCounters(t)
}

func TestReactions(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	task := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "r")
	msg, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "hi"})
	require.NoError(t, err)
	e.svc.Settle()
	toggle := func(user, emoji string) *inbox.Activity {
		a, err := e.svc.ToggleReaction(ctx, e.req(user), msg.UUID, emoji)
		require.NoError(t, err)
		return a
	}
	toggle("carl@acme.test", "👍")
	toggle("agent@portico.test", "👍")
	a := toggle("carl@acme.test", "🎉")
	require.Len(t, a.Reactions, 2)
	byEmoji := map[string]*inbox.Reaction{}
	for _, r := range a.Reactions {
		byEmoji[r.Emoji] = r
	}
	require.Equal(t, 2, byEmoji["👍"].Count)
	require.Len(t, byEmoji["👍"].Users, 2)
	require.True(t, byEmoji["🎉"].ReactedByMe)
	annaView, err := e.svc.Activity(ctx, e.req("anna@acme.test"), &task.UUID, msg.UUID)
	require.NoError(t, err)
	require.Equal(t, 3, annaView.UnreadReactionsByOwner, "others' reactions on anna's own message")
	a = toggle("carl@acme.test", "👍")
	for _, r := range a.Reactions {
		if r.Emoji == "👍" {
			require.Equal(t, 1, r.Count, "a second toggle takes it away")
		}
	}
	_, err = e.svc.ToggleReaction(ctx, e.req("eva@borealis.test"), msg.UUID, "👍")
	require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.ToggleReaction(ctx, e.req("carl@acme.test"), msg.UUID, "")
	require.Equal(t, "ARGUMENT_ERROR:invalid_emoji", code(err))
}

func TestDeleteAttachments(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	task := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "files")
	up := func(user, name string) uuid.UUID {
		a, _, err := e.svc.CreateAttachment(ctx, e.req(user), task.UUID, inbox.Upload{Filename: name, Size: 1, Content: bytes.NewReader([]byte("x"))})
		require.NoError(t, err)
		return a.UUID
	}
	annas, agents := up("anna@acme.test", "anna.txt"), up("agent@portico.test", "agent.txt")

	deleted, refused, err := e.svc.DeleteAttachments(ctx, e.req("anna@acme.test"), nil, []uuid.UUID{annas, agents})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{annas}, deleted, "her own")
	require.Equal(t, []uuid.UUID{agents}, refused, "the agent's is listed, not deleted")

	_, _, err = e.svc.DeleteAttachments(ctx, e.req("anna@acme.test"), nil, []uuid.UUID{agents})
	require.Equal(t, "ACCESS_DENIED:attachment_ids", code(err), "none allowed")
	_, _, err = e.svc.DeleteAttachments(ctx, e.req("eva@borealis.test"), nil, []uuid.UUID{agents})
	require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	_, err = e.svc.OpenAttachment(ctx, e.req("agent@portico.test"), annas)
	require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "a deleted attachment is gone")
	page, err := e.svc.Attachments(ctx, e.req("agent@portico.test"), task.UUID, 10, nil)
	require.NoError(t, err)
	require.EqualValues(t, 1, page.TotalCount)

	// closed thread: nothing may be deleted
	_, err = e.svc.ChangeStatus(ctx, e.req("agent@portico.test"), task.UUID, "closed")
	require.NoError(t, err)
	require.Equal(t, "ACCESS_DENIED:attachment_ids", code(e.svc.DeleteAttachment(ctx, e.req("agent@portico.test"), agents)))
	_, _, err = e.svc.CreateAttachment(ctx, e.req("agent@portico.test"), task.UUID, inbox.Upload{Filename: "late.txt", Size: 1, Content: bytes.NewReader([]byte("x"))})
	require.Equal(t, "ARGUMENT_ERROR:cannot_add_attachment_to_closed_thread", code(err))
}
