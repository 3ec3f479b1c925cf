package temporal

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
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

// Start starts mail/event/<kind>/<thread>[/<activity>][/<change>]; an event
// already started is not started again.
func (s MailStarter) Start(ctx context.Context, kind string, thread uuid.UUID, activity *uuid.UUID, change string, readers []uuid.UUID) error {
	in := MailEvent{Kind: kind, ThreadUUID: thread.String(), Readers: make([]string, 0, len(readers)),
		ChangeKey: change, Grace: s.grace, DigestPeriod: s.period}
	if activity != nil {
		in.ActivityUUID = activity.String()
	}
	for _, r := range readers {
		in.Readers = append(in.Readers, r.String())
	}
	_, err := s.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: MailEventWorkflowID(kind, in.ThreadUUID, in.ActivityUUID, change), TaskQueue: s.taskQueue,
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
