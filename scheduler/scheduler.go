// Package scheduler runs Portico's in-process housekeeping on robfig/cron:
// clean-ups and sweeps that need no durable state. Anything that starts a
// workflow uses Temporal's own timers instead.
package scheduler

import (
	"context"
	"log/slog"

	"github.com/robfig/cron/v3"

	"portico/engine/store"
)

// Job is one housekeeping task on a cron spec.
type Job struct {
	Name string
	Spec string
	Run  func(ctx context.Context) error
}

// Jobs are the housekeeping tasks every scheduler process runs.
func Jobs(st *store.Store) []Job {
	return []Job{
		{Name: "sessions.expire", Spec: "@every 1h", Run: func(ctx context.Context) error {
			_, err := st.SessionDeleteExpired(ctx)
			return err
		}},
		// sign-ins never finished, and SAML assertion ids past the time they could be replayed
		{Name: "sign_in.expire", Spec: "@every 1h", Run: func(ctx context.Context) error {
			if _, err := st.LoginFlowDeleteExpired(ctx); err != nil {
				return err
			}
			_, err := st.SamlAssertionDeleteExpired(ctx)
			return err
		}},
	}
}

// Run schedules jobs until ctx ends. Extra jobs (from other packages) join the built-in ones.
func Run(ctx context.Context, log *slog.Logger, jobs []Job) error {
	c := cron.New(cron.WithChain(cron.Recover(cron.DefaultLogger)))
	for _, j := range jobs {
		j := j
		if _, err := c.AddFunc(j.Spec, func() {
			if err := j.Run(ctx); err != nil && ctx.Err() == nil {
				log.Error("scheduled job failed", "job", j.Name, "err", err)
			}
		}); err != nil {
			return err
		}
	}
	c.Start()
	log.Info("scheduler running", "jobs", len(jobs))
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}
