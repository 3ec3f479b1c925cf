//go:build cluster

package faulttest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSchedulerKilledWhileTriggersFire: 50 companies have a schedule due at
// the same minute. Triggers fire in their trigger processes on Temporal
// (timers, run on the workers), not in a scheduler; what a scheduler does for
// them is, when it starts, signal every trigger process to re-read its
// triggers (reconcile). So: while the due triggers fire, two of them held in
// the middle (their run's creation waits on a lock the test holds), kill -9
// scheduler1 with scheduler2 running, and start it again, so that its
// reconcile signals every trigger process mid-batch. Every due trigger starts
// exactly one run, none lost, and every trigger process goes on to its next
// day.
func TestSchedulerKilledWhileTriggersFire(t *testing.T) {
	const companies, held = 50, 2
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")

	// the companies, in Finland with every category, as the company sync makes them
	prefix := fmt.Sprintf("Scheduler fault %d", time.Now().UnixNano())
	rows, err := c.db.Query(ctx, `WITH co AS (
			INSERT INTO companies (name, communication_language) SELECT $1 || ' ' || g, 'fi' FROM generate_series(1, $2::int) g
			RETURNING id, uuid),
		cc AS (INSERT INTO company_countries (company_id, country_id) SELECT co.id, (SELECT id FROM countries WHERE code = 'fi') FROM co),
		cat AS (INSERT INTO company_categories (company_id, category_id, email_enabled) SELECT co.id, ca.id, false FROM co CROSS JOIN categories ca)
		SELECT uuid::text FROM co`, prefix, companies)
	require.NoError(t, err)
	var ids []string
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	require.Len(t, ids, companies)
	var workflow, fi string
	require.NoError(t, c.db.QueryRow(ctx, `SELECT w.uuid, (SELECT id::text FROM countries WHERE code = 'fi') FROM workflows w
		WHERE w.name = 'Month-end closing'`).Scan(&workflow, &fi))

	// the demo's "Month-end closing" assigned to each
	cws := make([]string, companies)
	inParallel(t, companies, func(i int) error {
		var out struct {
			Data struct {
				AssignWorkflowToCompany struct {
					CompanyWorkflow *struct{ UUID string }           `json:"companyWorkflow"`
					Errors          []struct{ Code, Message string } `json:"errors"`
				} `json:"assignWorkflowToCompany"`
			} `json:"data"`
		}
		if err := admin.graphql(ctx, `mutation($w: ID!, $c: ID!, $k: ID!) { assignWorkflowToCompany(workflowId: $w, companyId: $c, countryId: $k) {
			companyWorkflow { uuid } errors { code message } } }`, map[string]any{"w": workflow, "c": ids[i], "k": fi}, &out); err != nil {
			return err
		}
		if out.Data.AssignWorkflowToCompany.CompanyWorkflow == nil {
			return fmt.Errorf("assigning to %s: %+v", ids[i], out.Data.AssignWorkflowToCompany.Errors)
		}
		cws[i] = out.Data.AssignWorkflowToCompany.CompanyWorkflow.UUID
		return nil
	})

	// each with a daily schedule at the same whole minute, at least 20 s away (UTC, no holiday moves)
	due := time.Now().UTC().Add(20 * time.Second).Truncate(time.Minute).Add(time.Minute)
	triggers := make([]string, companies)
	inParallel(t, companies, func(i int) error {
		var err error
		triggers[i], err = admin.dailySchedule(ctx, cws[i], due)
		return err
	})
	require.True(t, time.Now().Before(due), "the setup ran past the schedules' time")

	runsPerTrigger := func() map[string]int {
		rows, err := c.db.Query(ctx, `SELECT tr.uuid::text, count(wi.id) FROM workflow_triggers tr
			LEFT JOIN workflow_instances wi ON wi.company_id = tr.company_id AND wi.trigger_id = tr.id
			WHERE tr.uuid = ANY($1::uuid[]) GROUP BY tr.uuid`, triggers)
		require.NoError(t, err)
		defer rows.Close()
		n := map[string]int{}
		for rows.Next() {
			var id string
			var runs int
			require.NoError(t, rows.Scan(&id, &runs))
			n[id] = runs
		}
		require.NoError(t, rows.Err())
		return n
	}
	total := func(n map[string]int) (sum int) {
		for _, v := range n {
			sum += v
		}
		return sum
	}

	// two of the fires held in the middle: their run's creation waits on the company workflow's lock
	lock, err := c.db.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = lock.Rollback(ctx) }()
	_, err = lock.Exec(ctx, "SELECT 1 FROM company_workflows WHERE uuid = ANY($1::uuid[]) FOR NO KEY UPDATE", cws[:held])
	require.NoError(t, err)
	waiting := func() int {
		var n int
		require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'
			AND application_name LIKE 'worker%' AND query ILIKE '%FROM company_workflows%FOR UPDATE%'`).Scan(&n))
		return n
	}
	eventually(t, time.Until(due)+2*time.Minute, fmt.Sprintf("%d runs created, %d creations waiting", companies-held, held), func() bool {
		return total(runsPerTrigger()) == companies-held && waiting() == held
	})

	// mid-batch, scheduler1 dies (scheduler2 runs on) and comes back
	scheduler2, err := c.script("pid", "scheduler2")
	require.NoError(t, err)
	c.kill(t, "scheduler1", "KILL")
	logFile := filepath.Join(c.dir, "scheduler1.log")
	st, err := os.Stat(logFile)
	require.NoError(t, err)
	out, err := c.script("up", "scheduler1")
	require.NoError(t, err, out)
	eventually(t, 2*time.Minute, "scheduler1, started again, signalled every trigger process", func() bool {
		b, err := os.ReadFile(logFile)
		return err == nil && int64(len(b)) > st.Size() && strings.Contains(string(b[st.Size():]), "workflow triggers reconciled")
	})
	require.NoError(t, lock.Rollback(ctx))

	// every trigger process goes on to its next day, each due trigger with one run
	eventually(t, 2*time.Minute, "every trigger process is past the due time", func() bool {
		var left int
		require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM workflow_triggers WHERE uuid = ANY($1::uuid[])
			AND (next_run_at IS NULL OR next_run_at <= $2)`, triggers, due).Scan(&left))
		return left == 0
	})
	eventually(t, 2*time.Minute, "every scheduled run started (its first task exists)", func() bool {
		var started int
		require.NoError(t, c.db.QueryRow(ctx, `SELECT count(DISTINCT wi.id) FROM workflow_instances wi
			JOIN workflow_triggers tr ON tr.company_id = wi.company_id AND tr.id = wi.trigger_id
			JOIN threads t ON t.company_id = wi.company_id AND t.workflow_instance_id = wi.id
			WHERE tr.uuid = ANY($1::uuid[])`, triggers).Scan(&started))
		return started >= companies
	})
	runs := runsPerTrigger()
	var wrong []string
	for _, tr := range triggers {
		if runs[tr] != 1 {
			wrong = append(wrong, fmt.Sprintf("%s: %d runs", tr, runs[tr]))
		}
	}
	assert.Empty(t, wrong, "every due trigger started exactly one run")
	assert.Equal(t, companies, total(runs))
	now, err := c.script("pid", "scheduler2")
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(scheduler2), strings.TrimSpace(now), "scheduler2 ran throughout")
}

// inParallel runs f for 0..n-1, eight at a time, and fails the test on the
// first error.
func inParallel(t *testing.T, n int, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 8)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(i); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	require.NoError(t, <-errs)
}
