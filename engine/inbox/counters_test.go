package inbox_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/inbox"
)

// Many random writes by random users (creates, status changes, bin and
// restore, messages, read and unread, bulk changes), then the counter tables
// must equal a recount of the threads and read state. Refusals are part of
// the game: a refused write must change no counter either.
func TestCountersUnderRandomWrites(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	users := []string{"admin@portico.test", "agent@portico.test", "agentadmin@portico.test", "anna@acme.test",
		"carl@acme.test", "eva@borealis.test"}
	type where struct{ company, category string }
	places := []where{{"Acme Oy", "Accounting"}, {"Acme Oy", "Payroll"}, {"Acme Oy", "Internal"}, {"Acme Oy", "HR"},
		{"Borealis AB", "Accounting"}, {"Borealis AB", "Payroll"}}
	statuses := []string{"created", "in_progress", "closed", "skipped", "bogus"}
	var threads []uuid.UUID
	pick := func() uuid.UUID { return threads[rng.IntN(len(threads))] }
	picks := func() []uuid.UUID {
		n := 1 + rng.IntN(5)
		out := make([]uuid.UUID, 0, n)
		for range n {
			out = append(out, pick())
		}
		return out
	}
	// The walk goes on until it has made this many writes (a share of the random
	// operations are refused by design), so every seed writes as much.
	const writes = 150
	ok, refused := 0, 0
	for i := 0; ok < writes && i < 20*writes; i++ {
		user := users[rng.IntN(len(users))]
		req := e.req(user)
		var err error
		op := rng.IntN(12)
		if len(threads) < 3 {
			op = 0
		}
		switch op {
		case 0:
			w := places[rng.IntN(len(places))]
			var task *inbox.Task
			task, err = e.svc.CreateTask(ctx, req, inbox.CreateTaskParams{CompanyID: e.company(w.company),
				CategoryID: e.category(w.category), Title: "t"})
			if err == nil {
				threads = append(threads, task.UUID)
			}
		case 1, 2:
			_, err = e.svc.ChangeStatus(ctx, req, pick(), statuses[rng.IntN(len(statuses))])
		case 3:
			_, err = e.svc.Delete(ctx, req, pick())
		case 4:
			_, err = e.svc.Restore(ctx, req, pick())
		case 5, 6:
			_, err = e.svc.CreateMessage(ctx, req, inbox.CreateMessageParams{TaskID: pick(), Body: "m"})
		case 7:
			_, err = e.svc.ReadActivity(ctx, req, pick(), nil)
		case 8:
			_, err = e.svc.ChangeUnread(ctx, req, pick(), true)
		case 9:
			_, err = e.svc.ChangeTasksStatus(ctx, req, inbox.BulkTarget{TaskIDs: picks()}, statuses[rng.IntN(3)])
		case 10:
			_, err = e.svc.ChangeTasksUnread(ctx, req, inbox.BulkTarget{TaskIDs: picks()}, rng.IntN(2) == 0)
		case 11:
			_, err = e.svc.Copy(ctx, req, pick())
		}
		if err != nil {
			_, isCatalogue := apperr.As(err)
			require.True(t, isCatalogue, "op %d: %v", op, err)
			refused++
		} else {
			ok++
		}
		if i%100 == 99 {
			e.checkCounters(t)
		}
	}
	t.Logf("%d writes done, %d refused", ok, refused)
	require.Equal(t, writes, ok, "the walk did write")
	e.checkCounters(t)

	// every user's inbox stats agree with counting their lists
	for _, u := range users {
		for _, c := range []string{"Acme Oy", "Borealis AB"} {
			id := e.company(c)
			st, err := e.svc.InboxStats(ctx, e.req(u), inbox.StatsParams{CompanyID: &id})
			if code(err) == "RECORD_NOT_FOUND:record_not_found" {
				continue
			}
			require.NoError(t, err)
			for folder, want := range map[string]int64{inbox.FolderInbox: st.TotalCount, inbox.FolderUnread: st.UnreadCount,
				inbox.FolderClosed: st.ClosedCount, inbox.FolderNew: st.NewCount} {
				n := e.countList(t, u, inbox.Selection{CompanyID: &id, Folder: folder})
				require.Equal(t, want, n, "%s %s %s", u, c, folder)
			}
		}
	}
}

// countList pages through a folder and counts its threads.
func (e *env) countList(t *testing.T, user string, sel inbox.Selection) int64 {
	t.Helper()
	var n int64
	var last *uuid.UUID
	for {
		l, err := e.svc.Tasks(context.Background(), e.req(user), inbox.ListParams{Selection: sel, Limit: 50, LastID: last})
		require.NoError(t, err)
		if len(l.Collection) == 0 {
			return n
		}
		n += int64(len(l.Collection))
		id := l.Collection[len(l.Collection)-1].UUID
		last = &id
	}
}

// Single-thread status changes of one company and category in opposite
// directions at the same instant (created→in_progress on one thread while
// in_progress→created on another) move the same two folder counter rows. They
// must take them in one order, else two of them deadlock (SQLSTATE 40P01, an
// error here). Afterwards the counters equal a recount.
func TestOppositeCounterMovesDoNotDeadlock(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	agent := e.req("agent@portico.test")
	const pairs = 60
	type pair struct{ a, b uuid.UUID }
	list := make([]pair, pairs)
	for i := range list {
		a := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "a"+itoa(int64(i)))
		b := e.create(t, "anna@acme.test", "Acme Oy", "Accounting", "b"+itoa(int64(i)))
		_, err := e.svc.ChangeStatus(ctx, agent, b.UUID, "in_progress")
		require.NoError(t, err)
		list[i] = pair{a.UUID, b.UUID}
	}
	for i, p := range list {
		start := make(chan struct{})
		errs := make(chan error, 2)
		for _, move := range []struct {
			id uuid.UUID
			to string
		}{{p.a, "in_progress"}, {p.b, "created"}} {
			go func() {
				<-start
				_, err := e.svc.ChangeStatus(ctx, agent, move.id, move.to)
				errs <- err
			}()
		}
		close(start)
		for range 2 {
			require.NoError(t, <-errs, "pair %d", i)
		}
	}
	e.checkCounters(t)
}
