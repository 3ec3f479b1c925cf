package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/graph"
)

// The run history gives run analytics something to show: finished runs of
// the demo workflow in two companies, cancelled and failed ones, tasks closed
// late; written once, with the inbox's counters as real runs leave them.
func TestSeedRunHistory(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	s, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	now := time.Now()
	require.NoError(t, demo.SeedRunHistory(ctx, st, s, now))
	count := func(sql string) int {
		var n int
		require.NoError(t, st.Pool.QueryRow(ctx, sql).Scan(&n))
		return n
	}
	counts := func() [4]int {
		return [4]int{count("SELECT count(*) FROM workflow_instances"), count("SELECT count(*) FROM workflow_instance_steps"),
			count("SELECT count(*) FROM threads"), count("SELECT count(*) FROM activities")}
	}
	first := counts()
	require.NoError(t, demo.SeedRunHistory(ctx, st, s, now.AddDate(0, 1, 0)), "a month later: the same runs")
	assert.Equal(t, first, counts(), "seeding again adds nothing")

	// the folder counters agree with the threads, and no history task is left open
	assert.Zero(t, count(`SELECT count(*) FROM (
		SELECT company_id, category_id, task_type, status, hidden, count(*) AS n FROM threads GROUP BY 1, 2, 3, 4, 5) t
		FULL JOIN (SELECT * FROM thread_counters WHERE count > 0) c USING (company_id, category_id, task_type, status, hidden)
		WHERE t.n IS DISTINCT FROM c.count`))
	assert.Zero(t, count("SELECT count(*) FROM threads WHERE task_type = 'workflow_task' AND status IN ('created', 'in_progress')"))
	assert.Zero(t, count("SELECT count(*) FROM threads WHERE created_at > activity_at"), "moved back in time, in order")
	assert.Zero(t, count("SELECT count(*) FROM workflow_instances WHERE state = 'pending' OR state = 'running'"))
	assert.Equal(t, 1, count("SELECT count(*) FROM company_workflows WHERE unassigned_at IS NOT NULL"), "Borealis AB's ended assignment")

	svc := workflow.New(workflow.Deps{Store: st, Directory: org.NewDirectory(st)})
	admin := org.Request{User: s.Users["admin@portico.test"], AdminPanel: true}
	from := graph.DateOf(now).AddMonths(-9)
	in := workflow.InsightsInput{DateFrom: from, DateTo: graph.DateOf(now), TimeZone: "Europe/Helsinki"}
	all, err := svc.WorkflowsInsights(ctx, admin, in)
	require.NoError(t, err)
	assert.Equal(t, 15, all.Total.Started)
	assert.Equal(t, 12, all.Total.Completed)
	assert.Equal(t, 2, all.Total.Cancelled)
	assert.Equal(t, 1, all.Total.Failed)
	assert.Len(t, all.Rows, 3, "three workflows, version 1")

	w, err := st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	closing, err := svc.WorkflowInsights(ctx, admin, w.UUID, in)
	require.NoError(t, err)
	require.Len(t, closing.LateByCompany, 2)
	for _, c := range closing.LateByCompany {
		assert.Positive(t, c.Late, c.Company.Name)
		assert.Greater(t, c.Completed, c.Late, c.Company.Name)
	}
	steps := map[string]workflow.InsightsStep{}
	for _, st := range closing.Steps {
		steps[st.NodeID] = st
	}
	assert.Equal(t, 8, steps["bank"].Completed, "eight completed runs")
	assert.Greater(t, *steps["bank"].P50, *steps["invoices"].P50, "the bank reconciliation is the slow step")
	assert.Positive(t, steps["bank"].Tasks.Late)
}
