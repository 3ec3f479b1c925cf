//go:build cluster

package faulttest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWorkerKilledMidRun: kill -9 the worker whose activity creates a run's
// task, while it is in flight (its transaction waits on a lock the test holds
// on the threads table). Temporal gives the activity to the other worker after
// its start-to-close timeout (30 s); the run goes on there, its task thread
// exists once, and the run completes when the task is closed.
func TestWorkerKilledMidRun(t *testing.T) {
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")

	// hold every insert into threads: BeginTask's transaction waits in the worker that has it
	lock, err := c.db.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = lock.Rollback(ctx) }()
	_, err = lock.Exec(ctx, "LOCK TABLE threads IN SHARE ROW EXCLUSIVE MODE")
	require.NoError(t, err)
	run := startVATRun(t, admin)

	// the worker whose transaction waits on the lock has the activity
	var holder string
	eventually(t, 60*time.Second, "BeginTask waits on the lock in a worker", func() bool {
		err := c.db.QueryRow(ctx, `SELECT application_name FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND application_name LIKE 'worker%' AND query ILIKE '%INSERT INTO threads%'
			LIMIT 1`).Scan(&holder)
		return err == nil
	})
	other := map[string]string{"worker1": "worker2", "worker2": "worker1"}[holder]
	killed := c.kill(t, holder, "KILL")
	defer c.up(t, holder, c.url(holder+"_ops")+"/readyz")
	survivor, err := c.script("pid", other)
	require.NoError(t, err)
	require.NoError(t, lock.Rollback(ctx))

	// the retry on the other worker creates the task
	var thread string
	eventually(t, 120*time.Second, "the run's task exists", func() bool {
		return c.db.QueryRow(ctx, `SELECT t.uuid FROM threads t JOIN workflow_instances wi ON wi.id = t.workflow_instance_id
			WHERE wi.uuid = $1 AND t.workflow_node_id = 'prepare'`, run.UUID).Scan(&thread) == nil
	})
	closeTask(t, admin, thread)
	waitCompleted(t, run)

	var threads int
	require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM threads t JOIN workflow_instances wi ON wi.id = t.workflow_instance_id
		WHERE wi.uuid = $1`, run.UUID).Scan(&threads))
	assert.Equal(t, 1, threads, "the run's task thread exists exactly once")

	// Temporal's history: BeginTask's recorded attempt is a retry, run by the other worker
	tc := c.temporal(t)
	var beginTask []string
	for _, a := range activityStarts(t, tc, run.TemporalWorkflowID, func(name string) bool { return strings.Contains(name, "BeginTask") }) {
		beginTask = append(beginTask, fmt.Sprintf("attempt %d by %s", a.Attempt, a.Identity))
		assert.GreaterOrEqual(t, a.Attempt, int32(2), "BeginTask was retried")
		assert.True(t, strings.HasPrefix(a.Identity, strings.TrimSpace(survivor)+"@"),
			"BeginTask ran on %s (pid %s), not on the killed %s (pid %d): %s", other, strings.TrimSpace(survivor), holder, killed, a.Identity)
	}
	require.Len(t, beginTask, 1, "one BeginTask in the history: %v", beginTask)
	t.Logf("killed %s (pid %d) in BeginTask; %s", holder, killed, beginTask[0])
}

// vatRun is a run of the demo's "VAT return" in Acme Oy: one task ("prepare"),
// then the end (no corrections).
type vatRun struct{ UUID, TemporalWorkflowID string }

func startVATRun(t *testing.T, admin *session) vatRun {
	t.Helper()
	cw := acmeWorkflow(t, "VAT return")
	var started struct {
		Data struct {
			StartWorkflowInstance struct {
				WorkflowInstance *vatRun                          `json:"workflowInstance"`
				Errors           []struct{ Code, Message string } `json:"errors"`
			} `json:"startWorkflowInstance"`
		} `json:"data"`
	}
	admin.mustGraphQL(t, `mutation($cw: ID!, $p: JSON) { startWorkflowInstance(companyWorkflowId: $cw, parameters: $p) {
		workflowInstance { uuid temporalWorkflowId } errors { code message } } }`,
		map[string]any{"cw": cw, "p": map[string]any{"period": "2026-11", "corrections": false}}, &started)
	run := started.Data.StartWorkflowInstance.WorkflowInstance
	require.NotNil(t, run, "run started: %+v", started.Data.StartWorkflowInstance.Errors)
	return *run
}

// acmeWorkflow is the id of Acme Oy's company workflow of the demo workflow name.
func acmeWorkflow(t *testing.T, name string) string {
	t.Helper()
	var cw string
	require.NoError(t, c.db.QueryRow(context.Background(), `SELECT cw.uuid FROM company_workflows cw
		JOIN workflows w ON w.id = cw.workflow_id JOIN companies co ON co.id = cw.company_id
		WHERE w.name = $1 AND co.name = 'Acme Oy'`, name).Scan(&cw))
	return cw
}

// closeTask closes a task as a person does, through the proxy.
func closeTask(t *testing.T, s *session, thread string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, s.CloseTask(ctx, thread))
}

// waitCompleted waits until the run is recorded completed.
func waitCompleted(t *testing.T, run vatRun) {
	t.Helper()
	eventually(t, 90*time.Second, "run "+run.UUID+" completes", func() bool {
		var state string
		_ = c.db.QueryRow(context.Background(), "SELECT state FROM workflow_instances WHERE uuid = $1", run.UUID).Scan(&state)
		return state == "completed"
	})
}
