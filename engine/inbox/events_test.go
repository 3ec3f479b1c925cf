package inbox_test

import (
	"bytes"
	"context"
	"net/netip"
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
	"portico/engine/org"
)

// Every write sends its realtime event to exactly the users who may read the
// thread, and writes one events-log entry (category Inbox) with the user,
// company and IP.
func TestRealtimeAndEventsLog(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	ip := netip.MustParseAddr("203.0.113.7")
	as := func(email string) org.Request { r := e.req(email); r.IP = &ip; return r }

	accountingAudience := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test"}
	payrollAudience := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test", "carl@acme.test"}
	internalAudience := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test"}
	borealisAudience := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "eva@borealis.test"}

	acc := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "acc")
	pay := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "pay")
	e.pub.Take()
	var msg, att *inbox.Activity

	type step struct {
		name      string
		do        func() error
		key       string
		want      []string
		event     string // events-log name
		companyOf string
	}
	steps := []step{
		{"create accounting", func() error {
			_, err := e.svc.CreateTask(ctx, as("anna@acme.test"), inbox.CreateTaskParams{CompanyID: e.company("Acme Oy"),
				CategoryID: e.category("Accounting"), Title: "new"})
			return err
		}, "inbox_thread.create", accountingAudience, "task_created", "Acme Oy"},
		{"create internal", func() error {
			_, err := e.svc.CreateTask(ctx, as("agent@portico.test"), inbox.CreateTaskParams{CompanyID: e.company("Acme Oy"),
				CategoryID: e.category("Internal"), Title: "staff"})
			return err
		}, "inbox_thread.create", internalAudience, "task_created", "Acme Oy"},
		{"create borealis", func() error {
			_, err := e.svc.CreateTask(ctx, as("eva@borealis.test"), inbox.CreateTaskParams{CompanyID: e.company("Borealis AB"),
				CategoryID: e.category("Accounting"), Title: "hej"})
			return err
		}, "inbox_thread.create", borealisAudience, "task_created", "Borealis AB"},
		{"message", func() (err error) {
			msg, err = e.svc.CreateMessage(ctx, as("anna@acme.test"), inbox.CreateMessageParams{TaskID: acc.UUID, Body: "hi"})
			return err
		}, "inbox_message.create", accountingAudience, "message_created", "Acme Oy"},
		{"payroll message reaches carl", func() error {
			_, err := e.svc.CreateMessage(ctx, as("agent@portico.test"), inbox.CreateMessageParams{TaskID: pay.UUID, Body: "pay"})
			return err
		}, "inbox_message.create", payrollAudience, "message_created", "Acme Oy"},
		{"edit message", func() error {
			_, err := e.svc.UpdateMessage(ctx, as("anna@acme.test"), acc.UUID, msg.Message.UUID, "hi again", false)
			return err
		}, "inbox_message.update", accountingAudience, "message_updated", "Acme Oy"},
		{"reaction", func() error {
			_, err := e.svc.ToggleReaction(ctx, as("agent@portico.test"), msg.UUID, "👍")
			return err
		}, "inbox_activity.update", accountingAudience, "reaction_toggled", "Acme Oy"},
		{"delete message", func() error {
			return e.svc.DeleteMessage(ctx, as("anna@acme.test"), acc.UUID, msg.Message.UUID)
		}, "inbox_message.destroy", accountingAudience, "message_deleted", "Acme Oy"},
		{"attachment", func() (err error) {
			_, att, err = e.svc.CreateAttachment(ctx, as("anna@acme.test"), acc.UUID, inbox.Upload{Filename: "a.txt", Size: 1,
				Content: bytes.NewReader([]byte("a"))})
			return err
		}, "inbox_attachment.create", accountingAudience, "attachment_created", "Acme Oy"},
		{"attachment delete", func() error {
			return e.svc.DeleteAttachment(ctx, as("anna@acme.test"), att.Attachment.UUID)
		}, "inbox_attachment.destroy", accountingAudience, "attachment_deleted", "Acme Oy"},
		{"read: the reader's own event", func() error {
			_, err := e.svc.ReadActivity(ctx, as("agent@portico.test"), acc.UUID, nil)
			return err
		}, "inbox_thread.mark_as_read", []string{"agent@portico.test"}, "task_read", "Acme Oy"},
		{"unread: the reader's own event", func() error {
			_, err := e.svc.ChangeUnread(ctx, as("agent@portico.test"), acc.UUID, true)
			return err
		}, "inbox_thread.mark_as_unread", []string{"agent@portico.test"}, "task_marked_unread", "Acme Oy"},
		{"status", func() error {
			_, err := e.svc.ChangeStatus(ctx, as("agent@portico.test"), acc.UUID, "in_progress")
			return err
		}, "inbox_thread.update", accountingAudience, "status_changed", "Acme Oy"},
		{"priority", func() error {
			_, err := e.svc.ChangePriority(ctx, as("agent@portico.test"), acc.UUID, "high")
			return err
		}, "inbox_thread.change_priority", accountingAudience, "priority_changed", "Acme Oy"},
		{"due date", func() error {
			_, err := e.svc.ChangeDueDate(ctx, as("agent@portico.test"), acc.UUID, nil)
			return err
		}, "inbox_thread.change_due_date", accountingAudience, "due_date_changed", "Acme Oy"},
		{"urgent", func() error {
			_, err := e.svc.ChangeUrgent(ctx, as("agent@portico.test"), acc.UUID, true)
			return err
		}, "inbox_thread.update", accountingAudience, "urgent_changed", "Acme Oy"},
		{"assign", func() error {
			id := e.seed.Users["agent@portico.test"].UUID
			_, err := e.svc.AssignTo(ctx, as("agent@portico.test"), acc.UUID, &id, false)
			return err
		}, "inbox_thread.update", accountingAudience, "assigned", "Acme Oy"},
		{"delete", func() error {
			_, err := e.svc.Delete(ctx, as("admin@portico.test"), acc.UUID)
			return err
		}, "inbox_thread.destroy", accountingAudience, "task_deleted", "Acme Oy"},
		{"restore", func() error {
			_, err := e.svc.Restore(ctx, as("admin@portico.test"), acc.UUID)
			return err
		}, "inbox_thread.restore", accountingAudience, "task_restored", "Acme Oy"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			e.pub.Take()
			before := e.logCount(t)
			require.NoError(t, s.do())
			e.svc.Settle() // a new message's event goes out after its fan-out
			events := e.pub.Take()
			require.Equal(t, s.want, e.recipients(events, s.key))
			for _, ev := range events {
				aud := s.want
				if s.key == "inbox_thread.mark_as_read" || s.key == "inbox_thread.mark_as_unread" {
					aud = accountingAudience
				}
				require.Subset(t, aud, e.emails(ev.Users), "no event of %s reaches anyone outside the thread's audience", ev.Key)
			}
			if s.key == "inbox_thread.mark_as_read" {
				require.Equal(t, accountingAudience, e.recipients(events, "inbox_activity.full_read"), "read to the end: read receipts changed for everyone")
			}
			require.Equal(t, before+1, e.logCount(t), "one events-log entry")
			row := e.lastLog(t)
			require.Equal(t, "Inbox", row.category)
			require.Equal(t, s.event, row.name)
			require.Equal(t, e.seed.Companies[s.companyOf].ID, row.company)
			require.NotZero(t, row.user)
			require.Equal(t, "203.0.113.7", row.ip)
		})
	}

	t.Run("bulk: one event per user naming every thread", func(t *testing.T) {
		a := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "b1")
		b := e.create(t, "anna@acme.test", "Acme Oy", "Payroll", "b2")
		c := e.create(t, "agent@portico.test", "Acme Oy", "Internal", "b3")
		e.pub.Take()
		before := e.logCount(t)
		res, err := e.svc.ChangeTasksPriority(ctx, as("agent@portico.test"), inbox.BulkTarget{TaskIDs: []uuid.UUID{a.UUID, b.UUID, c.UUID}}, "low")
		require.NoError(t, err)
		require.Zero(t, res.Failed)
		events := e.pub.Take()
		per := map[string][]uuid.UUID{}
		for _, ev := range events {
			require.Equal(t, "inbox_thread.change_priority", ev.Key)
			require.Len(t, ev.Users, 1)
			u := e.emailOf[ev.Users[0]]
			require.NotContains(t, per, u, "one event per user")
			per[u] = ev.Data["uuids"].([]uuid.UUID)
		}
		require.ElementsMatch(t, []uuid.UUID{a.UUID, b.UUID, c.UUID}, per["agent@portico.test"])
		require.ElementsMatch(t, []uuid.UUID{a.UUID, b.UUID}, per["anna@acme.test"])
		require.ElementsMatch(t, []uuid.UUID{b.UUID}, per["carl@acme.test"])
		require.NotContains(t, per, "eva@borealis.test")
		require.Len(t, per, 5)
		require.Equal(t, before+1, e.logCount(t), "one events-log entry per company")
		require.Equal(t, "bulk_priority_changed", e.lastLog(t).name)
	})
}

func (e *env) emails(users []uuid.UUID) []string {
	out := []string{}
	for _, u := range users {
		out = append(out, e.emailOf[u])
	}
	sort.Strings(out)
	return out
}

func (e *env) logCount(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), "SELECT count(*) FROM events_log WHERE event_category = 'Inbox'").Scan(&n))
	return n
}

type logRow struct {
	category, name, ip string
	company, user      int64
}

func (e *env) lastLog(t *testing.T) logRow {
	t.Helper()
	var r logRow
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), `SELECT event_category, event_name, coalesce(host(ip), ''),
		coalesce(company_id, 0), coalesce(user_id, 0) FROM events_log ORDER BY id DESC LIMIT 1`).
		Scan(&r.category, &r.name, &r.ip, &r.company, &r.user))
	return r
}

// Reading part of a thread tells its audience inbox_activity.read; reading it
// to its latest activity, inbox_activity.full_read (spec 000 §7).
func TestReadToTheEndIsAFullRead(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	audience := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test"}
	acc := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "acc")
	first, err := e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: acc.UUID, Body: "one"})
	require.NoError(t, err)
	e.svc.Settle()
	_, err = e.svc.CreateMessage(ctx, e.req("anna@acme.test"), inbox.CreateMessageParams{TaskID: acc.UUID, Body: "two"})
	require.NoError(t, err)
	e.svc.Settle()
	e.pub.Take()

	_, err = e.svc.ReadActivity(ctx, e.req("agent@portico.test"), acc.UUID, &first.UUID)
	require.NoError(t, err)
	events := e.pub.Take()
	require.Equal(t, audience, e.recipients(events, "inbox_activity.read"))
	require.Empty(t, e.recipients(events, "inbox_activity.full_read"))

	_, err = e.svc.ReadActivity(ctx, e.req("agentadmin@portico.test"), acc.UUID, nil)
	require.NoError(t, err)
	events = e.pub.Take()
	require.Equal(t, audience, e.recipients(events, "inbox_activity.full_read"))
	require.Empty(t, e.recipients(events, "inbox_activity.read"))
	for _, ev := range events {
		if ev.Key == "inbox_activity.full_read" {
			require.Equal(t, acc.UUID, ev.Data["uuid"])
			require.Equal(t, e.seed.Users["agentadmin@portico.test"].UUID, ev.Data["userId"])
		}
	}
}
