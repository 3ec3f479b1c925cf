//go:build bench

package mail_test

import (
	"context"
	"encoding/json"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/inbox"
	"portico/engine/mail"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

// jsonStarter stands for the Temporal start: it encodes the workflow's input
// as the SDK's JSON converter would, and counts the starts.
type jsonStarter struct{ starts int }

func (s *jsonStarter) StartMailEvent(_ context.Context, ev mail.ThreadEvent) error {
	s.starts++
	_, err := json.Marshal(ev)
	return err
}

// BenchmarkMailMessageMutation: a message in a thread with 1,000 readers
// beside one with a single customer reader, through the inbox with the mail
// tap (the mutation hands the event over once and never waits for mail).
// Medians of interleaved repetitions; the goal is a ratio of at most 1.3.
func BenchmarkMailMessageMutation(b *testing.B) {
	ctx := context.Background()
	st := dbtest.FreshStore(b)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(b, err)
	acme, kalev := seed.Companies["Acme Oy"], seed.Companies["Kalev AS"]
	payroll := seed.Categories["Payroll"]
	// 1,000 customer readers of Acme Oy's Payroll
	require.NoError(b, demo.SeedReaders(ctx, st, acme.ID, payroll.ID, 1000))
	starter := &jsonStarter{}
	dir := org.NewDirectory(st)
	svc := inbox.New(st, dir, inbox.Options{Publisher: mail.NewTap(nil, starter, nil)})
	// the same inbox without mail: what the inbox itself costs per reader
	bare := inbox.New(st, dir, inbox.Options{})
	agent := org.Request{User: seed.Users["agent@portico.test"]}
	admin := org.Request{User: seed.Users["admin@portico.test"]}
	many, err := svc.CreateTask(ctx, agent, inbox.CreateTaskParams{CompanyID: acme.UUID, CategoryID: payroll.ID, Title: "Everyone"})
	require.NoError(b, err)
	few, err := svc.CreateTask(ctx, admin, inbox.CreateTaskParams{CompanyID: kalev.UUID, CategoryID: payroll.ID, Title: "Kalle only"})
	require.NoError(b, err)

	// the answer's time; then, untimed as the answer does not wait for it,
	// the fan-out to the readers is let finish (fanOut: how long that took
	// after the answer) and its garbage collected, so that no mutation shares
	// the machine with the previous one's fan-out (without the collection the
	// 1,000 readers' garbage lands in the next answers: 0.8x to 1.3x)
	var fanOut []time.Duration
	post := func(s *inbox.Service, req org.Request, thread inbox.CreateMessageParams) time.Duration {
		start := time.Now()
		_, err := s.CreateMessage(org.WithMemo(ctx), req, thread)
		require.NoError(b, err)
		took := time.Since(start)
		s.Settle()
		runtime.GC()
		if thread.TaskID == many.UUID {
			fanOut = append(fanOut, time.Since(start)-took)
		}
		return took
	}
	var big, small, bigBare, smallBare []time.Duration
	b.ResetTimer()
	for range b.N {
		for range 15 {
			big = append(big, post(svc, agent, inbox.CreateMessageParams{TaskID: many.UUID, Body: "<p>To all</p>"}))
			small = append(small, post(svc, admin, inbox.CreateMessageParams{TaskID: few.UUID, Body: "<p>To one</p>"}))
			bigBare = append(bigBare, post(bare, agent, inbox.CreateMessageParams{TaskID: many.UUID, Body: "<p>To all</p>"}))
			smallBare = append(smallBare, post(bare, admin, inbox.CreateMessageParams{TaskID: few.UUID, Body: "<p>To one</p>"}))
		}
	}
	b.StopTimer()
	med := func(d []time.Duration) float64 {
		s := slices.Clone(d)
		slices.Sort(s)
		return float64(s[len(s)/2])
	}
	b.ReportMetric(med(big)/1e6, "ms_1000_readers")
	b.ReportMetric(med(fanOut)/1e6, "ms_fan_out_after_answer_1000_readers")
	b.ReportMetric(med(small)/1e6, "ms_1_reader")
	b.ReportMetric(med(big)/med(small), "x_1000_vs_1(goal<=1.3)")
	// the inbox's own growth with readers (unread marks, counters, realtime), and what mail adds to it
	b.ReportMetric(med(bigBare)/med(smallBare), "x_1000_vs_1_without_mail")
	b.ReportMetric(med(big)/med(bigBare), "x_mail_overhead_1000_readers(goal<=1.3)")
	b.ReportMetric(float64(starter.starts)/float64(len(big)+len(small)), "mail_starts_per_mutation")
}
