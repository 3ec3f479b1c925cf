package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/mail/mailtest"
	"portico/engine/notify"
	"portico/engine/org"
)

// events keeps what the inbox published, as the mail tap sees it.
type events struct{ got []notify.Event }

func (e *events) Publish(_ context.Context, ev ...notify.Event) { e.got = append(e.got, ev...) }

func (e *events) last(key string) notify.Event {
	for i := len(e.got) - 1; i >= 0; i-- {
		if e.got[i].Key == key {
			return e.got[i]
		}
	}
	return notify.Event{}
}

type outboxFixture struct {
	fixture
	catcher *mailtest.Catcher
	outbox  *mail.Outbox
	inbox   *inbox.Service
	pub     *events
}

func setupOutbox(t *testing.T) outboxFixture {
	t.Helper()
	f := setup(t)
	catcher := mailtest.Start(t)
	sender, err := mail.NewSMTPSender(catcher.URL(), "Portico <no-reply@mail.portico.test>")
	require.NoError(t, err)
	pub := &events{}
	return outboxFixture{fixture: f, catcher: catcher, pub: pub,
		outbox: mail.NewOutbox(f.st, sender, mail.OutboxConfig{PublicURL: "http://portal.test", MessageDomain: "mail.portico.test"}),
		inbox:  inbox.New(f.st, org.NewDirectory(f.st), inbox.Options{Publisher: pub})}
}

// newThread starts a thread in Acme Oy's Payroll as someone and answers its event.
func (f outboxFixture) newThread(t *testing.T, by, title, description string) (*inbox.Task, mail.ThreadEvent) {
	t.Helper()
	task, err := f.inbox.CreateTask(context.Background(), f.req(by), inbox.CreateTaskParams{
		CompanyID: f.seed.Companies["Acme Oy"].UUID, CategoryID: f.seed.Categories["Payroll"].ID,
		Title: title, Description: description})
	require.NoError(t, err)
	e := f.pub.last("inbox_thread.create")
	return task, mail.ThreadEvent{Kind: mail.EventThreadCreated, ThreadUUID: task.UUID, Readers: e.Users}
}

func (f outboxFixture) message(t *testing.T, by string, thread uuid.UUID, body string) mail.ThreadEvent {
	t.Helper()
	_, err := f.inbox.CreateMessage(context.Background(), f.req(by), inbox.CreateMessageParams{TaskID: thread, Body: body})
	require.NoError(t, err)
	f.inbox.Settle() // its event goes out with its fan-out, after the commit
	e := f.pub.last("inbox_message.create")
	act, ok := e.Data["activityId"].(uuid.UUID)
	require.True(t, ok, "%v", e.Data)
	return mail.ThreadEvent{Kind: mail.EventMessageCreated, ThreadUUID: thread, ActivityUUID: &act, Readers: e.Users}
}

func recipients(mails []mailtest.Mail) []string {
	var out []string
	for _, m := range mails {
		out = append(out, m.To...)
	}
	return out
}

func TestImmediateMailThroughSMTP(t *testing.T) {
	f := setupOutbox(t)
	ctx := context.Background()
	// Anna and Carl hear at once (the default); the agent only by digest (portico_customers
	// defaults to immediate for new threads, so make it a digest to see both modes)
	_, err := f.svc.Save(ctx, f.req("agent@portico.test"), mail.TypePorticoCustomers, map[string]mail.TriggerInput{
		mail.TriggerNewMessageThread: {NotificationType: mail.NotifyDigest}})
	require.NoError(t, err)
	for _, email := range []string{"agentadmin@portico.test", "admin@portico.test"} {
		_, err = f.svc.Save(ctx, f.req(email), mail.TypePortico, map[string]mail.TriggerInput{
			mail.TriggerNewMessageThread: {NotificationType: mail.NotifyNone}})
		require.NoError(t, err)
	}

	task, ev := f.newThread(t, "anna@acme.test", "Payslip <question>", "<p>Hello <strong>there</strong></p>")
	q, err := f.outbox.FanOut(ctx, ev)
	require.NoError(t, err)
	again, err := f.outbox.FanOut(ctx, ev)
	require.NoError(t, err)
	require.Equal(t, q, again, "a repeated hand-off queues nothing new")
	require.Equal(t, []int64{f.seed.Users["agent@portico.test"].ID}, q.DigestUsers)
	require.GreaterOrEqual(t, q.Immediate, 1)

	sent, err := f.outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
	require.NoError(t, err)
	mails := f.catcher.Wait(sent, 10*time.Second)
	require.Len(t, mails, sent)
	to := recipients(mails)
	require.Contains(t, to, "carl@acme.test")
	require.NotContains(t, to, "anna@acme.test", "the author is not told of her own thread")
	require.NotContains(t, to, "agentadmin@portico.test", "none means none")
	require.NotContains(t, to, "agent@portico.test", "digest readers wait for their digest")

	carl := mails[0]
	for _, m := range mails {
		if m.To[0] == "carl@acme.test" {
			carl = m
		}
	}
	require.Equal(t, "<http://portal.test/notification-settings>", carl.Head.Get("List-Unsubscribe"))
	require.Contains(t, carl.Head.Get("Message-Id"), "@mail.portico.test>")
	text, html := carl.Text(), carl.HTML()
	for _, part := range []string{text, html} {
		require.Contains(t, part, "http://portal.test/"+f.seed.Companies["Acme Oy"].UUID.String()+"/inbox/"+task.UUID.String())
		require.Contains(t, part, "Hello there", "the text without its markup")
		require.NotContains(t, part, "<strong>")
		require.Contains(t, part, "http://portal.test/notification-settings")
	}
	require.Contains(t, text, "New thread: Payslip <question>")
	require.Contains(t, html, "New thread: Payslip &lt;question&gt;", "the title is escaped in HTML")

	resent, err := f.outbox.SendImmediate(ctx, q.CompanyID, q.EventID)
	require.NoError(t, err)
	require.Zero(t, resent, "a retried send sends nothing twice")
}

func TestSkipIfReadAndDigest(t *testing.T) {
	f := setupOutbox(t)
	ctx := context.Background()
	for _, email := range []string{"anna@acme.test", "carl@acme.test"} {
		_, err := f.svc.Save(ctx, f.req(email), mail.TypeCustomer, map[string]mail.TriggerInput{
			mail.TriggerNewMessageInThread: {NotificationType: mail.NotifyDigest}})
		require.NoError(t, err)
	}
	for _, email := range []string{"agentadmin@portico.test", "admin@portico.test"} {
		_, err := f.svc.Save(ctx, f.req(email), mail.TypePortico, map[string]mail.TriggerInput{
			mail.TriggerNewMessageInThread: {NotificationType: mail.NotifyNone}})
		require.NoError(t, err)
	}
	task, _ := f.newThread(t, "agent@portico.test", "November payroll", "")
	first := f.message(t, "agent@portico.test", task.UUID, "<p>First <em>draft</em> is ready</p>")
	second := f.message(t, "agent@portico.test", task.UUID, "<p>Second version</p>")
	for _, ev := range []mail.ThreadEvent{first, second} {
		q, err := f.outbox.FanOut(ctx, ev)
		require.NoError(t, err)
		require.ElementsMatch(t, []int64{f.seed.Users["anna@acme.test"].ID, f.seed.Users["carl@acme.test"].ID}, q.DigestUsers)
	}
	// Anna reads the thread in the app before her digest goes out
	_, err := f.inbox.ReadActivity(ctx, f.req("anna@acme.test"), task.UUID, nil)
	require.NoError(t, err)

	sent, err := f.outbox.SendDigest(ctx, f.seed.Users["anna@acme.test"].ID)
	require.NoError(t, err)
	require.False(t, sent, "what Anna has read is not mailed")
	sent, err = f.outbox.SendDigest(ctx, f.seed.Users["carl@acme.test"].ID)
	require.NoError(t, err)
	require.True(t, sent)
	mails := f.catcher.Wait(1, 10*time.Second)
	require.Len(t, mails, 1, "one digest for both messages")
	require.Equal(t, []string{"carl@acme.test"}, mails[0].To)
	text := mails[0].Text()
	require.Contains(t, text, "First draft is ready")
	require.Contains(t, text, "Second version")
	sent, err = f.outbox.SendDigest(ctx, f.seed.Users["carl@acme.test"].ID)
	require.NoError(t, err)
	require.False(t, sent, "a digest is sent once")
}

func TestEveryDayMail(t *testing.T) {
	f := setupOutbox(t)
	ctx := context.Background()
	helsinki, err := time.LoadLocation("Europe/Helsinki")
	require.NoError(t, err)
	task, _ := f.newThread(t, "agent@portico.test", "Due tomorrow "+uuid.NewString()[:8], "")
	now := time.Now()
	due := now.Add(24 * time.Hour)
	_, err = f.inbox.ChangeDueDate(ctx, f.req("agent@portico.test"), task.UUID, &due)
	require.NoError(t, err)

	early := time.Date(now.Year(), now.Month(), now.Day(), 5, 0, 0, 0, helsinki)
	n, err := f.outbox.SendDaily(ctx, early)
	require.NoError(t, err)
	require.Zero(t, n, "before the morning nobody gets it")

	morning := time.Date(now.Year(), now.Month(), now.Day(), 8, 0, 0, 0, helsinki)
	n, err = f.outbox.SendDaily(ctx, morning)
	require.NoError(t, err)
	require.GreaterOrEqual(t, n, 1)
	mails := f.catcher.Wait(n, 10*time.Second)
	var agents []mailtest.Mail
	for _, m := range mails {
		if m.To[0] == "agent@portico.test" {
			agents = append(agents, m)
		}
	}
	require.Len(t, agents, 1)
	require.Contains(t, agents[0].Text(), task.Title)
	require.Contains(t, agents[0].Text(), "due ")

	n, err = f.outbox.SendDaily(ctx, morning.Add(2*time.Hour))
	require.NoError(t, err)
	require.Zero(t, n, "one morning mail per day")
}

func TestExcerpt(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"markup dropped", "<p>Hello <strong>there</strong></p><p>second</p>", "Hello there second"},
		{"scripts dropped", `<p>Hi<script>alert(1)</script></p><img src=x onerror="alert(2)">`, "Hi"},
		{"entities read", "<p>Fish &amp; chips</p>", "Fish & chips"},
		{"cut at 600", "<p>" + strings.Repeat("a", 700) + "</p>", strings.Repeat("a", 600) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, mail.Excerpt(tt.in))
		})
	}
}
