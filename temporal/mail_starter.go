package temporal

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
)

// MailStarter starts the mail workflow of an inbox event (engine/mail's Starter).
type MailStarter struct {
	client    client.Client
	taskQueue string
	grace     time.Duration
	period    time.Duration
}

// NewMailStarter builds the starter: grace is how long immediate mails wait
// (skip-if-read), period a digest's period.
func NewMailStarter(d Deps, grace, period time.Duration) MailStarter {
	return MailStarter{client: d.Client, taskQueue: d.TaskQueue, grace: grace, period: period}
}

// Start starts mail/event/<kind>/<thread or company>[/<activity>][/<change>]
// with the starter's grace and digest period; an event already started is
// not started again.
func (s MailStarter) Start(ctx context.Context, in MailEvent) error {
	in.Grace, in.DigestPeriod = s.grace, s.period
	subject := in.ThreadUUID
	if subject == "" {
		subject = in.CompanyUUID
	}
	_, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: MailEventWorkflowID(in.Kind, subject, in.ActivityUUID, in.ChangeKey), TaskQueue: s.taskQueue,
		WorkflowExecutionTimeout: 24 * time.Hour,
	}, MailEventWorkflow, in)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	return err
}

// EnsureMailSchedule creates the hourly Schedule of the morning mail unless it exists.
func EnsureMailSchedule(ctx context.Context, d Deps) error {
	_, err := d.Client.ScheduleClient().Create(ctx, client.ScheduleOptions{
		ID:   MailDailyScheduleID,
		Spec: client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: time.Hour}}},
		Action: &client.ScheduleWorkflowAction{ID: "mail/every-day", Workflow: MailDailyWorkflow,
			TaskQueue: d.TaskQueue, WorkflowExecutionTimeout: time.Hour},
	})
	if errors.Is(err, temporal.ErrScheduleAlreadyRunning) {
		return nil
	}
	return err
}
