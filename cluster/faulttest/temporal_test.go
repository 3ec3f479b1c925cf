//go:build cluster

package faulttest

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTemporalRestart: the Temporal server stops for 15 s while runs wait on
// their tasks. Meanwhile /readyz answers 503, the portal keeps serving, and
// starting a run answers an error and writes nothing; afterwards every run
// advances to its end when its task is closed.
func TestTemporalRestart(t *testing.T) {
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")
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

	c.kill(t, "temporal", "TERM")
	eventually(t, 30*time.Second, "Temporal's frontend is closed", func() bool {
		conn, err := net.DialTimeout("tcp", "127.0.0.1:"+c.ports["temporal"], time.Second)
		if err == nil {
			conn.Close()
		}
		return err != nil
	})
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
	var cw string
	require.NoError(t, c.db.QueryRow(ctx, `SELECT cw.uuid FROM company_workflows cw
		JOIN workflows w ON w.id = cw.workflow_id JOIN companies co ON co.id = cw.company_id
		WHERE w.name = 'VAT return' AND co.name = 'Acme Oy'`).Scan(&cw))
	err := admin.graphql(sctx, `mutation($cw: ID!, $p: JSON) { startWorkflowInstance(companyWorkflowId: $cw, parameters: $p) {
		workflowInstance { uuid temporalWorkflowId } errors { code message } } }`,
		map[string]any{"cw": cw, "p": map[string]any{"period": "2026-12", "corrections": false}}, &out)
	cancel()
	t.Logf("starting a run while Temporal is away, after %s: %v %+v", time.Since(started).Round(time.Millisecond), err, out.Data.StartWorkflowInstance)
	require.True(t, err != nil || out.Data.StartWorkflowInstance == nil || out.Data.StartWorkflowInstance.WorkflowInstance == nil,
		"starting a run answers an error")
	var after int
	require.NoError(t, c.db.QueryRow(ctx, "SELECT count(*) FROM workflow_instances").Scan(&after))
	assert.Equal(t, before, after, "a run that could not start is not written")

	time.Sleep(time.Until(downSince.Add(15 * time.Second)))
	out2, err := c.script("up", "temporal")
	require.NoError(t, err, out2)
	for _, p := range []string{"api1", "api2"} {
		eventually(t, 90*time.Second, p+" ready again", func() bool { return httpOK(c.url(p) + "/readyz") })
	}

	// every run goes on: its task closed, it completes
	for _, run := range runs {
		var closed struct {
			Data struct {
				ChangeTaskStatus struct {
					Errors []struct{ Code, Message string } `json:"errors"`
				} `json:"changeTaskStatus"`
			} `json:"data"`
		}
		admin.mustGraphQL(t, `mutation($t: ID!) { changeTaskStatus(taskId: $t, status: "closed") { errors { code message } } }`,
			map[string]any{"t": taskOf(run)}, &closed)
		require.Empty(t, closed.Data.ChangeTaskStatus.Errors)
	}
	for _, run := range runs {
		eventually(t, 90*time.Second, "run "+run.UUID+" completes", func() bool {
			var state string
			_ = c.db.QueryRow(ctx, "SELECT state FROM workflow_instances WHERE uuid = $1", run.UUID).Scan(&state)
			return state == "completed"
		})
	}
}
