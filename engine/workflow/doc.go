// Package workflow is the application service of the workflow engine: global
// workflow templates and their published versions, their assignment to
// companies per country, triggers, runs (instances) and their steps, and the
// preview of run and due dates. It reads and writes PostgreSQL through the
// store and checks every request against the viewer's abilities; it knows
// nothing of Temporal. What must happen on the durable side (start, cancel or
// retry a run, re-read a company workflow's triggers, tell a run that one of its
// tasks changed) goes through the Runner interface, which temporal/ implements;
// a run's tasks are written in the inbox through the Tasks interface, which
// engine/inbox implements (in the engine's transaction when a step creates
// one). What runs and their activities exchange is engine/workflow/contract.
//
// The pure model (structure, validation, calendars, anchor dates, schedules)
// is engine/workflow/graph; this package is its I/O around it.
//
// It imports engine/access, engine/apperr, engine/notify, engine/org, engine/store and its
// own contract and graph packages; never Temporal's SDK (engine/boundary_test.go).
package workflow
