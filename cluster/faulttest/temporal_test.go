//go:build cluster

package faulttest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/cluster/portalclient"
)

// TestTemporalRestart: the Temporal server stops for 15 s while runs wait on
// their tasks and a schedule is due. Meanwhile /readyz answers 503, the portal
// keeps serving, and starting a run answers an error and writes nothing;
// afterwards every run advances to its end when its task is closed, and the
// due schedule starts exactly one run.
func TestTemporalRestart(t *testing.T) {
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")

	// Acme Oy's "Month-end closing" daily at the next whole minute at least 30 s away (UTC, no holiday moves)
	due := time.Now().UTC().Add(30 * time.Second).Truncate(time.Minute).Add(time.Minute)
	cwMonthly := acmeWorkflow(t, "Month-end closing")
	trigger, err := admin.dailySchedule(ctx, cwMonthly, due)
	require.NoError(t, err)
	scheduledRuns := func() int {
		var n int
		require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM workflow_instances wi
			JOIN workflow_triggers tr ON tr.company_id = wi.company_id AND tr.id = wi.trigger_id WHERE tr.uuid = $1`,
			trigger).Scan(&n))
		return n
	}

	runs := make([]vatRun, 3)
	for i := range runs {
		runs[i] = startVATRun(t, admin)
	}
	taskOf := func(run vatRun) string {
		var thread string
		_ = c.db.QueryRow(ctx, `SELECT t.uuid FROM threads t JOIN workflow_instances wi ON wi.id = t.workflow_instance_id
			WHERE wi.uuid = $1 AND t.workflow_node_id = 'prepare'`, run.UUID).Scan(&thread)
		return thread
	}
	for _, run := range runs {
		eventually(t, 60*time.Second, "run "+run.UUID+" waits on its task", func() bool { return taskOf(run) != "" })
	}
	var before int
	require.NoError(t, c.db.QueryRow(ctx, "SELECT count(*) FROM workflow_instances").Scan(&before))

	// Temporal goes away 5 s before the schedule is due
	wait := time.Until(due.Add(-5 * time.Second))
	require.Positive(t, wait, "the setup ran past the schedule's time")
	time.Sleep(wait)
	c.kill(t, "temporal", "TERM")
	eventually(t, 30*time.Second, "Temporal's frontend is closed", func() bool { return !portOpen("127.0.0.1:" + c.ports["temporal"]) })
	downSince := time.Now()
	eventually(t, 15*time.Second, "/readyz answers 503", func() bool {
		res, err := http.Get(c.url("portal") + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusServiceUnavailable
	})
	var inbox struct {
		Data struct {
			InboxTasks struct {
				Collection []struct{ UUID string } `json:"collection"`
			} `json:"inboxTasks"`
		} `json:"data"`
	}
	admin.mustGraphQL(t, `{ inboxTasks(limit: 5) { collection { uuid } } }`, nil, &inbox)
	assert.NotEmpty(t, inbox.Data.InboxTasks.Collection, "the portal serves while Temporal is away")

	// starting a run fails with an error, and leaves no run behind
	sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	started := time.Now()
	var out struct {
		Data struct {
			StartWorkflowInstance *struct {
				WorkflowInstance *vatRun                          `json:"workflowInstance"`
				Errors           []struct{ Code, Message string } `json:"errors"`
			} `json:"startWorkflowInstance"`
		} `json:"data"`
	}
	cw := acmeWorkflow(t, "VAT return")
	err = admin.graphql(sctx, `mutation($cw: ID!, $p: JSON) { startWorkflowInstance(companyWorkflowId: $cw, parameters: $p) {
		workflowInstance { uuid temporalWorkflowId } errors { code message } } }`,
		map[string]any{"cw": cw, "p": map[string]any{"period": "2026-12", "corrections": false}}, &out)
	cancel()
	t.Logf("starting a run while Temporal is away, after %s: %v %+v", time.Since(started).Round(time.Millisecond), err, out.Data.StartWorkflowInstance)
	require.Error(t, err, "starting a run answers an error")
	var gerr *portalclient.Error
	require.ErrorAs(t, err, &gerr, "starting a run answers a GraphQL error")
	assert.Equal(t, "SERVICE_UNAVAILABLE", gerr.Code, "starting a run says the service is unavailable, not that something went wrong")
	var after int
	require.NoError(t, c.db.QueryRow(ctx, "SELECT count(*) FROM workflow_instances").Scan(&after))
	assert.Equal(t, before, after, "a run that could not start is not written (nor the due schedule's)")
	require.True(t, time.Now().After(due), "the schedule fell due while Temporal was away")

	time.Sleep(time.Until(downSince.Add(15 * time.Second)))
	out2, err := c.script("up", "temporal")
	require.NoError(t, err, out2)
	for _, p := range []string{"api1", "api2"} {
		eventually(t, 90*time.Second, p+" ready again", func() bool { return httpOK(c.url(p) + "/readyz") })
	}

	// every run goes on: its task closed, it completes
	for _, run := range runs {
		closeTask(t, admin, taskOf(run))
	}
	// the schedule that fell due meanwhile starts its run, once
	eventually(t, 90*time.Second, "the due schedule starts its run", func() bool { return scheduledRuns() > 0 })

	for _, run := range runs {
		waitCompleted(t, run)
	}
	assert.Equal(t, 1, scheduledRuns(), "the due schedule started exactly one run")
}
