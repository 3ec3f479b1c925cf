package mail_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// syncStarter does at once what the mail.event workflow does: fan out, then
// send the immediate mails (no grace delay).
type syncStarter struct {
	outbox *mail.Outbox
	kinds  []string
}

func (s *syncStarter) StartMailEvent(ctx context.Context, ev mail.ThreadEvent) error {
	s.kinds = append(s.kinds, ev.Kind)
	q, err := s.outbox.FanOut(ctx, ev)
	if err != nil || q.EventID == 0 {
		return err
	}
	_, err = s.outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
	return err
}

// triggerFixture: the inbox publishes through the mail tap into a real SMTP
// server; only Carl wants mail, and only for the trigger under test.
func setupTrigger(t *testing.T, trigger string) (outboxFixture, *syncStarter) {
	t.Helper()
	f := setupOutbox(t)
	ctx := context.Background()
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	starter := &syncStarter{outbox: f.outbox}
	f.inbox = inbox.New(f.st, org.NewDirectory(f.st), inbox.Options{Publisher: mail.NewTap(f.pub, starter, nil), Blobs: blobs})
	t.Cleanup(func() { browsersGetNoMailFields(t, f.pub.got) })
	for email, u := range f.seed.Users {
		for _, typ := range []string{mail.TypeCustomer, mail.TypePortico, mail.TypePorticoCustomers} {
			in := map[string]mail.TriggerInput{}
			for _, tr := range mail.Triggers {
				if tr == mail.TriggerAssignmentChanged && typ == mail.TypeCustomer {
					continue // staff only
				}
				mode := mail.NotifyNone
				if email == "carl@acme.test" && tr == trigger {
					mode = mail.NotifyImmediate
				}
				in[tr] = mail.TriggerInput{NotificationType: mode}
			}
			if _, err := f.svc.Save(ctx, org.Request{User: u}, typ, in); err != nil {
				continue // a type the user does not have
			}
		}
	}
	return f, starter
}

// browsersGetNoMailFields fails when an event the tap passed on to the
// realtime bus carries, in the data browsers receive (encoded as the bus
// encodes it), what only the mail needs: the trigger, the change, its actor,
// its readers, the mentioned users, or an activity id beside a new message's.
// Those travel in the event's mail part, which no browser gets.
func browsersGetNoMailFields(t *testing.T, events []notify.Event) {
	t.Helper()
	require.NotEmpty(t, events, "the tap passed the inbox's events on")
	mailed := 0
	for _, e := range events {
		b, err := json.Marshal(e.Data)
		require.NoError(t, err)
		var data map[string]any
		require.NoError(t, json.Unmarshal(b, &data))
		for _, key := range []string{"mailTrigger", "mailChange", "mailActor", "mailReaders", "mentioned"} {
			require.NotContains(t, data, key, "%s: a browser gets %s: %s", e.Key, key, b)
		}
		if e.Key != "inbox_message.create" {
			require.NotContains(t, data, "activityId", "%s: a browser gets the mail's activity: %s", e.Key, b)
		}
		if e.Mail != nil {
			mailed++
		}
	}
	require.NotZero(t, mailed, "the mail part travelled beside the data")
}

func (f outboxFixture) onlyMailTo(t *testing.T, email, subject string) {
	t.Helper()
	mails := f.catcher.Wait(1, 10*time.Second)
	require.Len(t, mails, 1)
	require.Equal(t, []string{email}, mails[0].To)
	require.Equal(t, subject, mails[0].Head.Get("Subject"))
}

// annasThread is a thread Anna opens in Acme Oy's Payroll (Carl reads it).
func (f outboxFixture) annasThread(t *testing.T, title string) *inbox.Task {
	t.Helper()
	task, err := f.inbox.CreateTask(context.Background(), f.req("anna@acme.test"), inbox.CreateTaskParams{
		CompanyID: f.seed.Companies["Acme Oy"].UUID, CategoryID: f.seed.Categories["Payroll"].ID, Title: title})
	require.NoError(t, err)
	return task
}

func TestTriggerThreadStatusChanged(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerThreadStatusChanged)
	task := f.annasThread(t, "Holiday pay")
	require.Empty(t, f.catcher.Mails(), "nobody wants new-thread mail here")
	_, err := f.inbox.ChangeStatus(context.Background(), f.req("agent@portico.test"), task.UUID, "in_progress")
	require.NoError(t, err)
	require.Contains(t, starter.kinds, mail.TriggerThreadStatusChanged)
	f.onlyMailTo(t, "carl@acme.test", "Status changed in Holiday pay")
}

func TestTriggerNewFileUploaded(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerNewFileUploaded)
	task := f.annasThread(t, "Payslips")
	_, _, err := f.inbox.CreateAttachment(context.Background(), f.req("agent@portico.test"), task.UUID,
		inbox.Upload{Filename: "november.pdf", Size: 4, Content: strings.NewReader("%PDF")})
	require.NoError(t, err)
	require.Contains(t, starter.kinds, mail.TriggerNewFileUploaded)
	f.onlyMailTo(t, "carl@acme.test", "New file in Payslips")
}

func TestTriggerThreadMentionOfMe(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerThreadMentionOfMe)
	task := f.annasThread(t, "Tax card")
	// a message that mentions nobody mails nobody
	_, err := f.inbox.CreateMessage(context.Background(), f.req("agent@portico.test"), inbox.CreateMessageParams{
		TaskID: task.UUID, Body: "<p>Looking into it</p>"})
	require.NoError(t, err)
	f.inbox.Settle()
	require.NotContains(t, starter.kinds, mail.TriggerThreadMentionOfMe)
	carl := f.seed.Users["carl@acme.test"]
	_, err = f.inbox.CreateMessage(context.Background(), f.req("agent@portico.test"), inbox.CreateMessageParams{
		TaskID: task.UUID, Body: fmt.Sprintf(`<p>Please check, <span class="mention" data-id="%s" data-name="Carl">@Carl</span></p>`, carl.UUID)})
	require.NoError(t, err)
	f.inbox.Settle()
	require.Contains(t, starter.kinds, mail.TriggerThreadMentionOfMe)
	f.onlyMailTo(t, "carl@acme.test", "You were mentioned in Tax card")
}

func TestTriggerThreadDueDateChanged(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerThreadDueDateChanged)
	task := f.annasThread(t, "Expense claim")
	// Carl reads the thread first: a change after that is still mailed
	_, err := f.inbox.ReadActivity(context.Background(), f.req("carl@acme.test"), task.UUID, nil)
	require.NoError(t, err)
	due := time.Now().Add(72 * time.Hour).Truncate(time.Second)
	_, err = f.inbox.ChangeDueDate(context.Background(), f.req("agent@portico.test"), task.UUID, &due)
	require.NoError(t, err)
	require.Contains(t, starter.kinds, mail.TriggerThreadDueDateChanged)
	f.onlyMailTo(t, "carl@acme.test", "Due date changed in Expense claim")
	// the same date again is no change
	_, err = f.inbox.ChangeDueDate(context.Background(), f.req("agent@portico.test"), task.UUID, &due)
	require.NoError(t, err)
	require.Len(t, f.catcher.Mails(), 1)
}

func TestTriggerAssignmentChanged(t *testing.T) {
	f, starter := setupTrigger(t, "")
	ctx := context.Background()
	agent := f.seed.Users["agent@portico.test"]
	// the agent wants to hear of threads assigned to them (staff only), nobody else does
	for _, typ := range []string{mail.TypePortico, mail.TypePorticoCustomers} {
		_, err := f.svc.Save(ctx, org.Request{User: agent}, typ, map[string]mail.TriggerInput{
			mail.TriggerAssignmentChanged: {NotificationType: mail.NotifyImmediate}})
		require.NoError(t, err)
	}
	task := f.annasThread(t, "Pension")
	_, err := f.inbox.AssignTo(ctx, f.req("agentadmin@portico.test"), task.UUID, &agent.UUID, false)
	require.NoError(t, err)
	require.Contains(t, starter.kinds, mail.TriggerAssignmentChanged)
	f.onlyMailTo(t, "agent@portico.test", "Assigned to you: Pension")
	// taking a thread oneself mails nobody
	task = f.annasThread(t, "Sick leave")
	_, err = f.inbox.AssignTo(ctx, f.req("agent@portico.test"), task.UUID, &agent.UUID, false)
	require.NoError(t, err)
	require.Len(t, f.catcher.Mails(), 1)
}

func TestTriggerNewReactionToMyMessage(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerNewReactionToMyMessage)
	ctx := context.Background()
	task := f.annasThread(t, "Overtime")
	act, err := f.inbox.CreateMessage(ctx, f.req("carl@acme.test"), inbox.CreateMessageParams{TaskID: task.UUID, Body: "<p>Mine too</p>"})
	require.NoError(t, err)
	f.inbox.Settle()
	// Carl's own reaction tells him nothing; the agent's does, once however often it is toggled
	_, err = f.inbox.ToggleReaction(ctx, f.req("carl@acme.test"), act.UUID, "👍")
	require.NoError(t, err)
	require.NotContains(t, starter.kinds, mail.TriggerNewReactionToMyMessage)
	for range 3 {
		_, err = f.inbox.ToggleReaction(ctx, f.req("agent@portico.test"), act.UUID, "👍")
		require.NoError(t, err)
	}
	require.Contains(t, starter.kinds, mail.TriggerNewReactionToMyMessage)
	f.onlyMailTo(t, "carl@acme.test", "New reaction to your message in Overtime")
}

// accessRightsChanged mails the user whose role, categories or company roles
// in a company changed, as their setting says: at once, in their digest, or
// not at all; a save that changes nothing mails nothing.
func TestTriggerAccessRightsChanged(t *testing.T) {
	f, starter := setupTrigger(t, mail.TriggerAccessRightsChanged)
	ctx := context.Background()
	people := org.NewPeople(org.NewDirectory(f.st), mail.NewTap(f.pub, starter, nil))
	acme := f.seed.Companies["Acme Oy"]
	membership := func(email string) uuid.UUID {
		t.Helper()
		u := f.seed.Users[email]
		if u.UserType == "customer" {
			rows, err := f.st.CompanyUserMemberships(ctx, store.CompanyUserMembershipsParams{UserID: u.ID, CompanyIds: []int64{acme.ID}})
			require.NoError(t, err)
			require.Len(t, rows, 1)
			return rows[0].UUID
		}
		rows, err := f.st.PorticoUserMemberships(ctx, store.PorticoUserMembershipsParams{UserID: u.ID, CompanyIds: []int64{acme.ID}})
		require.NoError(t, err)
		require.Len(t, rows, 1)
		return rows[0].UUID
	}
	categories := []int64{f.seed.Categories["Payroll"].ID, f.seed.Categories["Accounting"].ID}

	// immediately: Anna gives Carl Accounting beside Payroll
	carl := membership("carl@acme.test")
	_, err := people.UpdateMembership(ctx, f.req("anna@acme.test"), carl, org.MembershipInput{CompanyID: acme.UUID, CategoryIDs: categories})
	require.NoError(t, err)
	require.Contains(t, starter.kinds, mail.TriggerAccessRightsChanged)
	f.onlyMailTo(t, "carl@acme.test", "Your access rights changed in Acme Oy")
	mails := f.catcher.Mails()
	require.Contains(t, mails[0].Text(), "http://portal.test/"+acme.UUID.String()+"/inbox")
	require.Contains(t, mails[0].Text(), "by Anna", "who changed them")
	// the same categories again change nothing
	_, err = people.UpdateMembership(ctx, f.req("anna@acme.test"), carl, org.MembershipInput{CompanyID: acme.UUID, CategoryIDs: categories})
	require.NoError(t, err)

	// none: the agent admin chose none, so a change of their categories mails nobody
	admin := f.req("admin@portico.test")
	_, err = people.UpdateStaff(ctx, admin, membership("agentadmin@portico.test"), org.StaffInput{CompanyID: acme.UUID, CategoryIDs: categories[:1]})
	require.NoError(t, err)

	// digest: the agent hears of a new company role in their digest, not at once
	agent := f.seed.Users["agent@portico.test"]
	for _, typ := range []string{mail.TypePortico, mail.TypePorticoCustomers} {
		_, err := f.svc.Save(ctx, org.Request{User: agent}, typ, map[string]mail.TriggerInput{
			mail.TriggerAccessRightsChanged: {NotificationType: mail.NotifyDigest}})
		require.NoError(t, err)
	}
	roles, err := people.GlobalRoles(ctx, admin)
	require.NoError(t, err)
	require.NotEmpty(t, roles)
	_, err = people.UpdateStaff(ctx, admin, membership("agent@portico.test"), org.StaffInput{CompanyID: acme.UUID, RoleIDs: []int64{roles[0].ID}})
	require.NoError(t, err)
	require.Len(t, f.catcher.Mails(), 1, "no other mail at once")
	sent, err := f.outbox.SendDigest(ctx, agent.ID)
	require.NoError(t, err)
	require.True(t, sent)
	mails = f.catcher.Wait(2, 10*time.Second)
	require.Len(t, mails, 2)
	require.Equal(t, []string{"agent@portico.test"}, mails[1].To)
	require.Contains(t, mails[1].Text(), "Your access rights changed in Acme Oy")
}
