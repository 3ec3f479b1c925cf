// Package scheduler runs Portico's in-process housekeeping on robfig/cron:
// clean-ups and sweeps that need no durable state. Anything that starts a
// workflow uses Temporal's own timers instead.
//
// It imports no Portico package: the jobs' work comes in as small interfaces that
// cmd/portico fills with engine services.
package scheduler
