package temporal_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"portico/engine/workflow/contract"
	"portico/temporal"
)

// fakeTrigger answers NextFire from a rule over the call number and the
// instant asked about, and records the runs it is asked to create.
type fakeTrigger struct {
	mu      sync.Mutex
	first   time.Time
	afters  []time.Duration // NextFire's After, relative to the first call's
	next    func(call int, after time.Duration) contract.Fire
	created []string
	refuse  bool
	started []string
}

var triggerID = uuid.MustParse("22222222-2222-4222-8222-222222222222")

func (f *fakeTrigger) NextFire(_ context.Context, in contract.NextFireInput) (contract.Fire, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first.IsZero() {
		f.first = in.After
	}
	rel := in.After.Sub(f.first)
	f.afters = append(f.afters, rel)
	fire := f.next(len(f.afters), rel)
	if fire.Found {
		fire.At = f.first.Add(fire.At.Sub(time.Time{}))
		fire.Trigger = triggerID
	}
	return fire, nil
}

func (f *fakeTrigger) CreateScheduledRun(_ context.Context, in contract.ScheduledRunInput) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse {
		return false, nil
	}
	f.created = append(f.created, in.Instance.String())
	return true, nil
}

// at is a Fire at an offset from the first NextFire call's instant.
func at(d time.Duration) contract.Fire { return contract.Fire{Found: true, At: time.Time{}.Add(d)} }

func TestTriggerRun(t *testing.T) {
	t.Parallel()
	gone := contract.Fire{Gone: true}
	cases := []struct {
		name    string
		next    func(call int, after time.Duration) contract.Fire
		refuse  bool
		signals []time.Duration
		// expectations
		afters         []time.Duration
		runs           int
		continuesAsNew bool
	}{
		{
			name: "fires at each computed time and starts the run",
			next: func(call int, after time.Duration) contract.Fire {
				if call > 3 {
					return gone
				}
				return at(after + time.Hour)
			},
			afters: []time.Duration{0, time.Hour, 2 * time.Hour, 3 * time.Hour}, runs: 3,
		},
		{
			name: "a trigger change is picked up at once",
			next: func(call int, after time.Duration) contract.Fire {
				switch call {
				case 1:
					return at(10 * 24 * time.Hour)
				case 2:
					return at(2 * time.Hour)
				}
				return gone
			},
			signals: []time.Duration{time.Hour},
			afters:  []time.Duration{0, 0, 2 * time.Hour}, runs: 1,
		},
		{
			name: "without timed triggers it waits for a change",
			next: func(call int, after time.Duration) contract.Fire {
				switch call {
				case 1:
					return contract.Fire{}
				case 2:
					return at(6 * time.Hour)
				}
				return gone
			},
			signals: []time.Duration{5 * time.Hour},
			afters:  []time.Duration{0, 0, 6 * time.Hour}, runs: 1,
		},
		{
			name: "a far run is slept towards in bounded steps, re-reading the triggers",
			next: func(call int, after time.Duration) contract.Fire {
				if after > 0 {
					return gone
				}
				return at(20 * time.Hour)
			},
			afters: []time.Duration{0, 0, 0, 0, 20 * time.Hour}, runs: 1,
		},
		{
			name: "a run the database refuses (trigger removed) is not started",
			next: func(call int, after time.Duration) contract.Fire {
				if call > 1 {
					return gone
				}
				return at(time.Hour)
			},
			refuse: true, afters: []time.Duration{0, time.Hour}, runs: 0,
		},
		{
			name: "continues as new to keep its history short",
			next: func(call int, after time.Duration) contract.Fire { return at(after + time.Minute) },
			runs: temporal.TriggerRunsPerHistory, continuesAsNew: true,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var suite testsuite.WorkflowTestSuite
			suite.SetLogger(quiet)
			env := suite.NewTestWorkflowEnvironment()
			env.SetTestTimeout(30 * time.Second)
			env.RegisterWorkflowWithOptions(temporal.TriggerRun, workflow.RegisterOptions{Name: temporal.TriggerWorkflowName})
			f := &fakeTrigger{next: tc.next, refuse: tc.refuse}
			env.RegisterWorkflowWithOptions(func(ctx workflow.Context, in contract.InstanceInput) error {
				f.mu.Lock()
				defer f.mu.Unlock()
				f.started = append(f.started, workflow.GetInfo(ctx).WorkflowExecution.ID)
				return nil
			}, workflow.RegisterOptions{Name: temporal.InstanceWorkflowName})
			env.RegisterActivityWithOptions(f.NextFire, activity.RegisterOptions{Name: temporal.ActNextFire})
			env.RegisterActivityWithOptions(f.CreateScheduledRun, activity.RegisterOptions{Name: temporal.ActCreateScheduledRun})
			for _, d := range tc.signals {
				env.RegisterDelayedCallback(func() { env.SignalWorkflow(temporal.SignalTriggersChanged, nil) }, d)
			}
			env.ExecuteWorkflow(temporal.TriggerWorkflowName, contract.TriggerInput{CompanyWorkflow: uuid.New()})
			require.True(t, env.IsWorkflowCompleted())
			err := env.GetWorkflowError()
			if tc.continuesAsNew {
				var can *workflow.ContinueAsNewError
				require.True(t, errors.As(err, &can), "continued as new: %v", err)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tc.afters, f.afters, "NextFire was asked after these instants")
			}
			assert.Len(t, f.created, tc.runs, "runs written")
			require.Len(t, f.started, tc.runs, "runs started")
			for i, id := range f.created {
				assert.Equal(t, "instance/"+id, f.started[i], "the run's readable id")
			}
		})
	}
}
