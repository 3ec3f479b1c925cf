package scheduler_test

import (
	"context"
	"crypto/rand"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/sso"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/workflowtest"
	"portico/scheduler"
)

// signals stands in for Temporal: it records which trigger processes and
// runs the engine signals.
type signals struct {
	workflowtest.Runner
	mu       sync.Mutex
	triggers map[uuid.UUID]chan struct{}
}

// TriggersChanged closes the channel of a company workflow the first time.
func (s *signals) TriggersChanged(_ context.Context, cw uuid.UUID) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch := s.told(cw); ch != nil {
		select {
		case <-ch:
		default:
			close(ch)
		}
	}
	return nil
}

// told is the channel closed once cw's trigger process is signalled.
func (s *signals) told(cw uuid.UUID) chan struct{} {
	if s.triggers[cw] == nil {
		s.triggers[cw] = make(chan struct{})
	}
	return s.triggers[cw]
}

type env struct {
	st      *store.Store
	seed    demo.Seeded
	signals *signals
	deps    scheduler.Deps
}

func setup(t *testing.T) env {
	t.Helper()
	st := dbtest.Store(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	sig := &signals{triggers: map[uuid.UUID]chan struct{}{}}
	wf := workflow.New(workflow.Deps{Store: st, Directory: org.NewDirectory(st), Runner: sig})
	return env{st: st, seed: seed, signals: sig,
		deps: scheduler.Deps{Log: slog.New(slog.DiscardHandler), Sessions: st, Workflows: wf}}
}

func job(t *testing.T, jobs []scheduler.Job, name string) scheduler.Job {
	t.Helper()
	for _, j := range jobs {
		if j.Name == name {
			return j
		}
	}
	t.Fatalf("no job %s in %v", name, jobs)
	return scheduler.Job{}
}

func TestJobsExpireSessionsAndSweepTasks(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	jobs := scheduler.New(e.deps).Jobs()
	require.Len(t, jobs, 2)

	user := e.seed.Users["anna@acme.test"].ID
	expired, live := []byte(rand.Text()), []byte(rand.Text())
	_, err := e.st.Pool.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at)
		VALUES ($1, $3, now() - interval '1 minute'), ($2, $3, now() + interval '1 hour')`, expired, live, user)
	require.NoError(t, err)
	require.NoError(t, job(t, jobs, "sessions.expire").Run(ctx))
	var left []string
	rows, err := e.st.Pool.Query(ctx, `SELECT encode(token_hash, 'escape') FROM sessions WHERE token_hash IN ($1, $2)`, expired, live)
	require.NoError(t, err)
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		left = append(left, s)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{string(live)}, left, "the expired session goes, the live one stays")

	require.NoError(t, job(t, jobs, "workflows.sweep_ended_tasks").Run(ctx))

	without := e.deps
	without.Workflows = nil
	only := scheduler.New(without).Jobs()
	require.Len(t, only, 1, "no workflow engine, no workflow housekeeping")
	assert.Equal(t, "sessions.expire", only[0].Name)
}

// With sign-in through identity providers, the hourly clean-up removes the
// sign-ins never finished and the SAML assertion ids past their time, and
// keeps the live ones.
func TestJobsExpireSignInFlows(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	with := e.deps
	with.SignIns = sso.NewService(e.st, org.NewDirectory(e.st))
	jobs := scheduler.New(with).Jobs()
	require.Len(t, jobs, 3)

	_, err := e.st.Pool.Exec(ctx, `INSERT INTO login_flows (state_hash, method, callback_url, expires_at)
		VALUES ('expired', 'google', '/cb', now() - interval '1 minute'), ('live', 'google', '/cb', now() + interval '1 minute')`)
	require.NoError(t, err)
	_, err = e.st.Pool.Exec(ctx, `INSERT INTO saml_assertions_seen (issuer, assertion_id, expires_at)
		VALUES ('idp', 'expired', now() - interval '1 minute'), ('idp', 'live', now() + interval '1 minute')`)
	require.NoError(t, err)
	require.NoError(t, job(t, jobs, "sign_in.expire").Run(ctx))
	var flows, assertions []string
	rows, err := e.st.Pool.Query(ctx, `SELECT encode(state_hash, 'escape') FROM login_flows
		UNION ALL SELECT 'assertion ' || assertion_id FROM saml_assertions_seen ORDER BY 1`)
	require.NoError(t, err)
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		if strings.HasPrefix(s, "assertion ") {
			assertions = append(assertions, strings.TrimPrefix(s, "assertion "))
		} else {
			flows = append(flows, s)
		}
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"live"}, flows, "the expired flow goes, the live one stays")
	assert.Equal(t, []string{"live"}, assertions, "the expired assertion id goes, the live one stays")
}

// A starting scheduler makes sure every timed company workflow's trigger
// process runs, then schedules its jobs until stopped.
func TestRunReconcilesTriggersThenStops(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	cw, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: e.seed.Companies["Acme Oy"].ID, WorkflowID: w.ID})
	require.NoError(t, err)
	e.signals.mu.Lock()
	told := e.signals.told(cw.UUID)
	e.signals.mu.Unlock()

	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- scheduler.New(e.deps).Run(runCtx) }()
	<-told // the demo's monthly schedule
	stop()
	require.NoError(t, <-done, "a stopped scheduler ends without an error")
}
