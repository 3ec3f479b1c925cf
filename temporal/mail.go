package temporal

// The mail of inbox events (issue 16). An event's workflow queues its mails
// (activity FanOut: two statements whatever the number of readers), wakes the
// digest workflow of each reader whose digest holds it, waits the grace delay
// on a durable timer and then sends the immediate mails still unread
// (activity SendImmediate). A reader's digest is a workflow of its own
// (mail/digest/<user id>): a durable timer of the digest period, then one mail
// of what the reader has not read (activity SendDigest); events that came in
// meanwhile go into the next period. The morning mail runs from the Temporal
// Schedule mail-every-day (hourly), each run sending the mails of those whose
// morning has come (activity SendDaily, once per user and local date).

import (
	"strconv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Stable names of the mail workflows, activities and signal.
const (
	MailEventWorkflow  = "mail.event"
	MailDigestWorkflow = "mail.digest"
	MailDailyWorkflow  = "mail.every_day"

	MailFanOutActivity        = "mail.fan_out"
	MailWakeDigestsActivity   = "mail.wake_digests"
	MailSendImmediateActivity = "mail.send_immediate"
	MailSendDigestActivity    = "mail.send_digest"
	MailSendDailyActivity     = "mail.send_daily"

	// MailDigestSignal tells a running digest that more waits for it.
	MailDigestSignal = "mail.digest.more"

	// MailDailyScheduleID is the Temporal Schedule of the morning mail.
	MailDailyScheduleID = "mail-every-day"
)

// MailEvent is an inbox event to mail: ids only, read when the activity runs,
// and the readers' public ids as the inbox computed them.
type MailEvent struct {
	Kind         string
	ThreadUUID   string
	ActivityUUID string
	Readers      []string
	// ChangeKey names a change without an activity (mail.ThreadEvent.ChangeKey).
	ChangeKey string
	// CompanyUUID and ActorUUID are an event about no thread (a change of
	// access rights; mail.ThreadEvent's).
	CompanyUUID, ActorUUID string
	// Grace is how long immediate mails wait, so that a reader who sees the
	// event in the app meanwhile gets no mail about it.
	Grace time.Duration
	// DigestPeriod is the digest workflows' period (for the ones this event starts).
	DigestPeriod time.Duration
}

// MailQueued is what FanOut queued.
type MailQueued struct {
	CompanyID, EventID int64
	Immediate          int
	DigestUsers        []int64
}

// MailWake asks for the digest workflows of some users.
type MailWake struct {
	UserIDs []int64
	Period  time.Duration
}

// MailDigest is a digest workflow's input.
type MailDigest struct {
	UserID int64
	Period time.Duration
}

// MailEventWorkflowID is one event's workflow id: readable, and a repeated
// hand-off of the same event starts nothing new. subject is the thread (the
// company for an event about no thread).
func MailEventWorkflowID(kind, subject, activity, change string) string {
	id := "mail/event/" + kind + "/" + subject
	if activity != "" {
		id += "/" + activity
	}
	if change != "" {
		id += "/" + change
	}
	return id
}

// MailDigestWorkflowID is a user's digest workflow id.
func MailDigestWorkflowID(userID int64) string {
	return "mail/digest/" + strconv.FormatInt(userID, 10)
}

// mailActivity are the options of the mail activities: retried with backoff,
// each failure visible in the Temporal UI.
func mailActivity(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    2 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    50,
		},
	})
}

// MailEventRun queues an event's mails, wakes the digests that hold it, and
// after the grace delay sends the immediate mails.
func MailEventRun(ctx workflow.Context, in MailEvent) error {
	actx := mailActivity(ctx)
	var q MailQueued
	if err := workflow.ExecuteActivity(actx, MailFanOutActivity, in).Get(ctx, &q); err != nil {
		return err
	}
	if len(q.DigestUsers) > 0 {
		if err := workflow.ExecuteActivity(actx, MailWakeDigestsActivity,
			MailWake{UserIDs: q.DigestUsers, Period: in.DigestPeriod}).Get(ctx, nil); err != nil {
			return err
		}
	}
	if q.Immediate == 0 {
		return nil
	}
	if in.Grace > 0 {
		if err := workflow.Sleep(ctx, in.Grace); err != nil {
			return err
		}
	}
	return workflow.ExecuteActivity(actx, MailSendImmediateActivity, q).Get(ctx, nil)
}

// MailDigestRun waits a period on a durable timer and sends the user's
// digest; when more came in while it sent, it waits another period.
func MailDigestRun(ctx workflow.Context, in MailDigest) error {
	more := workflow.GetSignalChannel(ctx, MailDigestSignal)
	actx := mailActivity(ctx)
	for {
		if err := workflow.Sleep(ctx, in.Period); err != nil {
			return err
		}
		// signals of the period are answered by this send
		for more.ReceiveAsync(nil) {
		}
		if err := workflow.ExecuteActivity(actx, MailSendDigestActivity, in.UserID).Get(ctx, nil); err != nil {
			return err
		}
		if !more.ReceiveAsync(nil) {
			return nil
		}
		for more.ReceiveAsync(nil) {
		}
	}
}

// MailDailyRun sends the morning mails that are due at the schedule's time.
func MailDailyRun(ctx workflow.Context) error {
	return workflow.ExecuteActivity(mailActivity(ctx), MailSendDailyActivity, workflow.Now(ctx)).Get(ctx, nil)
}
