package temporal_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.temporal.io/api/enums/v1"
	sdkworker "go.temporal.io/sdk/worker"

	"portico/activities"
	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/mail/mailtest"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/temporal"
	"portico/worker"
)

// TestMailOnTemporal sends an event's mails through the real path: the inbox
// publishes, the tap starts the event's workflow, a worker fans out, mails
// Anna at once and wakes Carl's digest. The worker is stopped while the
// digest waits on its timer and a new one is started: Carl still gets
// exactly one digest.
func TestMailOnTemporal(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := devTemporal(t, ctx)

	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	dir := org.NewDirectory(st)
	catcher := mailtest.Start(t)
	sender, err := mail.NewSMTPSender(catcher.URL(), "Portico <no-reply@mail.portico.test>")
	require.NoError(t, err)
	outbox := mail.NewOutbox(st, sender, mail.OutboxConfig{PublicURL: "http://portal.test"})

	const queue = "mail-test"
	d := temporal.Deps{Client: c, TaskQueue: queue}
	newWorker := func() sdkworker.Worker {
		w := sdkworker.New(c, queue, sdkworker.Options{})
		worker.Mail(activities.NewMail(activities.MailDeps{Outbox: outbox, Client: c, TaskQueue: queue}))(w)
		require.NoError(t, w.Start())
		return w
	}

	// Carl reads new messages as a digest; Anna at once; staff hear nothing of them
	settings := mail.NewSettings(st, dir)
	req := func(email string) org.Request { return org.Request{User: seed.Users[email]} }
	none := mail.TriggerInput{NotificationType: mail.NotifyNone}
	for _, customer := range []struct{ email, mode string }{{"carl@acme.test", mail.NotifyDigest}, {"anna@acme.test", mail.NotifyImmediate}} {
		_, err = settings.Save(ctx, req(customer.email), mail.TypeCustomer, map[string]mail.TriggerInput{
			mail.TriggerNewMessageInThread: {NotificationType: customer.mode}, mail.TriggerNewMessageThread: none})
		require.NoError(t, err)
	}
	for _, staff := range []struct{ email, typ string }{{"agent@portico.test", mail.TypePorticoCustomers},
		{"agentadmin@portico.test", mail.TypePortico}, {"admin@portico.test", mail.TypePortico}} {
		_, err = settings.Save(ctx, req(staff.email), staff.typ, map[string]mail.TriggerInput{
			mail.TriggerNewMessageInThread: none, mail.TriggerNewMessageThread: none})
		require.NoError(t, err)
	}

	// the digest period must outlast the worker's restart below; the test waits
	// for states (the timer pending, the run completed), never for durations
	tap := mail.NewTap(notify.Discard{}, activities.MailStarter{MailStarter: temporal.NewMailStarter(d, 0, 5*time.Second)}, nil)
	svc := inbox.New(st, dir, inbox.Options{Publisher: tap})
	task, err := svc.CreateTask(ctx, req("agent@portico.test"), inbox.CreateTaskParams{CompanyID: seed.Companies["Acme Oy"].UUID,
		CategoryID: seed.Categories["Payroll"].ID, Title: "Payroll questions"})
	require.NoError(t, err)

	first := newWorker()
	_, err = svc.CreateMessage(ctx, req("agent@portico.test"), inbox.CreateMessageParams{TaskID: task.UUID,
		Body: "<p>The November payslips are ready</p>"})
	require.NoError(t, err)

	// Anna's immediate mail goes out; Carl's digest is waiting on its timer
	mails := catcher.Wait(1, time.Minute)
	require.Equal(t, [][]string{{"anna@acme.test"}}, to(mails))
	digestID := temporal.MailDigestWorkflowID(seed.Users["carl@acme.test"].ID)
	require.Eventually(t, func() bool {
		desc, err := c.DescribeWorkflowExecution(ctx, digestID, "")
		return err == nil && desc.WorkflowExecutionInfo.Status == enums.WORKFLOW_EXECUTION_STATUS_RUNNING &&
			len(desc.PendingActivities) == 0
	}, time.Minute, 100*time.Millisecond)

	// the worker goes away mid-digest; another takes over
	first.Stop()
	second := newWorker()
	t.Cleanup(second.Stop)
	require.NoError(t, c.GetWorkflow(ctx, digestID, "").Get(ctx, nil))

	mails = catcher.Mails()
	require.Equal(t, [][]string{{"anna@acme.test"}, {"carl@acme.test"}}, to(mails), "Anna's mail and exactly one digest")
	require.Contains(t, mails[1].Text(), "The November payslips are ready")
}

func to(mails []mailtest.Mail) [][]string {
	out := [][]string{}
	for _, m := range mails {
		out = append(out, m.To)
	}
	return out
}
