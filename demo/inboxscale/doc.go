// Package inboxscale seeds an inbox at scale for benchmarks: the demo
// organisation plus Companies companies of a given number of threads each,
// with ActivitiesEach activities per thread (COPY from generators). With
// PORTICO_BENCH_KEEP set it reuses one kept database per size, so a cost
// curve or a second run costs no seeding. Used by `make bench` only.
//
// It imports demo, engine/store and engine/store/dbtest (whose kept databases it fills);
// only the benchmarks and cmd/portico-benchreport import it.
package inboxscale
