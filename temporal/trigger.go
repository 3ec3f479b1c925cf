package temporal

import (
	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/workflow"

	"portico/engine/workflow/contract"
)

// TriggerRun is the trigger process of one company workflow (see the package
// documentation).
func TriggerRun(ctx workflow.Context, in contract.TriggerInput) error {
	ctx = workflow.WithActivityOptions(ctx, activityOptions)
	changed := workflow.GetSignalChannel(ctx, SignalTriggersChanged)
	after := in.After
	if after.IsZero() {
		after = workflow.Now(ctx)
	}
	log := workflow.GetLogger(ctx)
	var labelled *contract.Labels // what the process's memo and search attributes say
	for fired := 0; fired < TriggerRunsPerHistory; {
		var next contract.Fire
		if err := workflow.ExecuteActivity(ctx, ActNextFire, contract.NextFireInput{CompanyWorkflow: in.CompanyWorkflow, After: after}).Get(ctx, &next); err != nil {
			return err
		}
		if next.Gone {
			return nil
		}
		if next.Labels != nil && (labelled == nil || *labelled != *next.Labels) {
			if err := label(ctx, next.Labels); err != nil {
				return err
			}
			labelled = next.Labels
		}
		if !next.Found {
			// nothing to wait for until the triggers change
			changed.Receive(ctx, nil)
			drain(changed)
			continue
		}
		wait := next.At.Sub(workflow.Now(ctx))
		if wait > 0 {
			tctx, cancel := workflow.WithCancel(ctx)
			timer := workflow.NewTimer(tctx, min(wait, MaxTriggerSleep))
			woke := false
			sel := workflow.NewSelector(ctx)
			sel.AddFuture(timer, func(workflow.Future) { woke = true })
			sel.AddReceive(changed, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); drain(c) })
			sel.Select(ctx)
			cancel()
			if !woke || workflow.Now(ctx).Before(next.At) {
				continue // re-read the triggers
			}
		}
		var id uuid.UUID
		if err := workflow.SideEffect(ctx, func(workflow.Context) any { return uuid.New() }).Get(&id); err != nil {
			return err
		}
		var created bool
		if err := workflow.ExecuteActivity(ctx, ActCreateScheduledRun, contract.ScheduledRunInput{CompanyWorkflow: in.CompanyWorkflow,
			Trigger: next.Trigger, Instance: id}).Get(ctx, &created); err != nil {
			return err
		}
		after = next.At
		if !created {
			continue
		}
		fired++
		cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
			WorkflowID:        contract.TemporalWorkflowID(id),
			ParentClosePolicy: enumspb.PARENT_CLOSE_POLICY_ABANDON,
		})
		child := workflow.ExecuteChildWorkflow(cctx, InstanceWorkflowName, contract.InstanceInput{Instance: id})
		if err := child.GetChildWorkflowExecution().Get(ctx, nil); err != nil {
			log.Error("trigger: starting the run failed", "instance", id.String(), "error", err)
		}
	}
	drain(changed)
	return workflow.NewContinueAsNewError(ctx, TriggerWorkflowName, contract.TriggerInput{CompanyWorkflow: in.CompanyWorkflow, After: after})
}

// drain takes every signal already buffered: one re-read covers them all.
func drain(c workflow.ReceiveChannel) {
	for c.ReceiveAsync(nil) {
	}
}
