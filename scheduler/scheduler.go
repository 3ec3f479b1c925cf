package scheduler

import (
	"context"
	"log/slog"

	"github.com/robfig/cron/v3"
)

// Job is one housekeeping task on a cron spec.
type Job struct {
	Name string
	Spec string
	Run  func(ctx context.Context) error
}

// Sessions expires sign-in sessions (the store's SessionDeleteExpired).
type Sessions interface {
	SessionDeleteExpired(ctx context.Context) (int64, error)
}

// SignIns expires sign-in flows (*sso.Service).
type SignIns interface {
	ExpireFlows(ctx context.Context) error
}

// Deps is what a scheduler process needs.
type Deps struct {
	Log      *slog.Logger
	Sessions Sessions
	// SignIns is sign-in through identity providers; nil leaves its clean-up out.
	SignIns SignIns
	// Workflows is the workflow engine (*workflow.Service); nil leaves its
	// housekeeping out.
	Workflows Workflows
}

// Scheduler runs the housekeeping jobs of one process.
type Scheduler struct {
	d Deps
}

// New builds a scheduler; Run starts it.
func New(d Deps) *Scheduler {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Scheduler{d: d}
}

// Jobs are the housekeeping tasks every scheduler process runs.
func (s *Scheduler) Jobs() []Job {
	jobs := []Job{
		{Name: "sessions.expire", Spec: "@every 1h", Run: func(ctx context.Context) error {
			_, err := s.d.Sessions.SessionDeleteExpired(ctx)
			return err
		}},
	}
	if s.d.SignIns != nil {
		// sign-ins never finished, and SAML assertion ids past the time they could be replayed
		jobs = append(jobs, Job{Name: "sign_in.expire", Spec: "@every 1h", Run: s.d.SignIns.ExpireFlows})
	}
	if s.d.Workflows != nil {
		jobs = append(jobs, workflowJobs(s.d.Workflows)...)
	}
	return jobs
}

// Run makes sure the workflow triggers run (in the background), then
// schedules the jobs until ctx ends.
func (s *Scheduler) Run(ctx context.Context) error {
	if s.d.Workflows != nil {
		go func() {
			if err := reconcileTriggers(ctx, s.d.Log, s.d.Workflows); err != nil && ctx.Err() == nil {
				s.d.Log.Error("reconciling workflow triggers", "err", err)
			}
		}()
	}
	jobs := s.Jobs()
	c := cron.New(cron.WithChain(cron.Recover(cron.DefaultLogger)))
	for _, j := range jobs {
		if _, err := c.AddFunc(j.Spec, func() {
			if err := j.Run(ctx); err != nil && ctx.Err() == nil {
				s.d.Log.Error("scheduled job failed", "job", j.Name, "err", err)
			}
		}); err != nil {
			return err
		}
	}
	c.Start()
	s.d.Log.Info("scheduler running", "jobs", len(jobs))
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}
