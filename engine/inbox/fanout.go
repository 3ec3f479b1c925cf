package inbox

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/google/uuid"

	"portico/engine/notify"
	"portico/engine/store"
)

// A new activity's per-reader work, its fan-out: the unread marks and unread
// counters of everyone else who may read the thread, then the realtime event
// to them (which also hands the activity to the mail tap). It grows with the
// thread's readers, so the write that adds the activity does none of it: it
// commits the activity with a durable marker (table inbox_fanouts), marks the
// thread read for its author, and answers. Right after the commit the writing
// process applies the marker in a transaction of its own, which deletes it; a
// marker a stopped process left behind is applied by the next one started
// (ResumeFanOuts). Unread state is eventually exact: a mark is applied only to
// readers who have not read up to the activity meanwhile.

// fanOutEvent is a realtime event to the thread's audience, who are known
// only when the fan-out is applied.
type fanOutEvent struct {
	Key  string         `json:"key"`
	Data map[string]any `json:"data"`
	Mail *notify.Mail   `json:"mail,omitempty"`
	// MailMentions: the mail part's Mentioned are the mentioned readers.
	MailMentions bool `json:"mailMentions,omitempty"`
}

// fanOutPayload is what a marker keeps besides its activity.
type fanOutPayload struct {
	Events []fanOutEvent `json:"events"`
	// Mentions are the users the activity's text mentions; those who may
	// read the thread get it marked as a mention.
	Mentions []uuid.UUID `json:"mentions,omitempty"`
}

// fanOut is a committed marker to apply.
type fanOut struct {
	id, companyID, threadID int64
	fanOutPayload
}

// fanOuts is a process's queue of markers to apply. One drain takes
// everything queued as a batch and applies it per thread, threads side by side
// (at most fanOutThreads at once) and each thread's markers in order in one
// transaction: under a write load the batches grow, so the audience is read
// and a transaction committed once per thread and batch, not once per marker.
type fanOuts struct {
	mu      sync.Mutex
	idle    sync.Cond
	queue   []fanOut
	running bool
}

// fanOutThreads is how many threads' markers are applied at once: fewer than
// the pool's connections, which the requests need too.
const fanOutThreads = 2

// fanOutBatch caps the markers one transaction applies: the thread stays
// locked for its writers meanwhile (a marker of 1,000 readers takes about 8 ms).
const fanOutBatch = 50

func newFanOuts() *fanOuts {
	f := &fanOuts{}
	f.idle.L = &f.mu
	return f
}

// fanOut records a new activity's fan-out in the write's transaction:
// authorID (0 for the system) gets no unread mark.
func (t *tx) fanOut(ctx context.Context, th Thread, activityID, authorID int64, mentions []uuid.UUID, events ...fanOutEvent) error {
	p := fanOutPayload{Events: events, Mentions: mentions}
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	var author *int64
	if authorID != 0 {
		author = &authorID
	}
	id, err := t.q.InboxFanoutAdd(ctx, store.InboxFanoutAddParams{CompanyID: th.CompanyID, ThreadID: th.ID,
		ActivityID: activityID, AuthorID: author, Payload: b})
	if err != nil {
		return err
	}
	t.fanOuts = append(t.fanOuts, fanOut{id: id, companyID: th.CompanyID, threadID: th.ID, fanOutPayload: p})
	return nil
}

// enqueueFanOuts applies committed markers in the background, in order.
func (s *Service) enqueueFanOuts(list []fanOut) {
	if len(list) == 0 {
		return
	}
	s.fo.mu.Lock()
	s.fo.queue = append(s.fo.queue, list...)
	start := !s.fo.running
	s.fo.running = true
	s.fo.mu.Unlock()
	if start {
		go s.drainFanOuts()
	}
}

func (s *Service) drainFanOuts() {
	ctx := context.Background() // the write's request has answered
	for {
		s.fo.mu.Lock()
		if len(s.fo.queue) == 0 {
			s.fo.running = false
			s.fo.idle.Broadcast()
			s.fo.mu.Unlock()
			return
		}
		batch := s.fo.queue
		s.fo.queue = nil
		s.fo.mu.Unlock()
		var wg sync.WaitGroup
		slots := make(chan struct{}, fanOutThreads)
		for _, g := range byThread(batch) {
			slots <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-slots; wg.Done() }()
				s.applyThreadFanOuts(ctx, g)
			}()
		}
		// the next batch may hold later markers of the same threads
		wg.Wait()
	}
}

// byThread splits a batch into its threads' markers, each in the order they
// were committed, and those into transactions of at most fanOutBatch.
func byThread(batch []fanOut) [][]fanOut {
	type key struct{ company, thread int64 }
	index := map[key]int{}
	var groups [][]fanOut
	for _, f := range batch {
		k := key{f.companyID, f.threadID}
		i, ok := index[k]
		if !ok || len(groups[i]) == fanOutBatch {
			i = len(groups)
			index[k] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], f)
	}
	return groups
}

// applyThreadFanOuts applies one thread's markers, trying again after a
// deadlock or a dropped connection (the markers stay until applied).
func (s *Service) applyThreadFanOuts(ctx context.Context, list []fanOut) {
	var err error
	for range 3 {
		if err = s.applyFanOuts(ctx, list); err == nil {
			return
		}
	}
	ids := make([]int64, len(list))
	for i, f := range list {
		ids[i] = f.id
	}
	s.log.Error("inbox: applying new activities' unread marks (left for the next start)", "fanouts", ids, "err", err)
}

// applyFanOuts applies one thread's markers in order, but those another
// process applied, then sends their events to the thread's audience.
func (s *Service) applyFanOuts(ctx context.Context, list []fanOut) error {
	var events []notify.Event
	payloads := make(map[int64]fanOutPayload, len(list))
	ids := make([]int64, len(list))
	for i, f := range list {
		ids[i] = f.id
		payloads[f.id] = f.fanOutPayload
	}
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		events = nil
		rows, err := q.InboxFanoutTake(ctx, ids)
		if err != nil || len(rows) == 0 {
			return err
		}
		// the thread as it is now (its category decides who may read it,
		// its folder which counters move), locked as its writes lock it
		row, err := q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: rows[0].CompanyID, ID: rows[0].ThreadID})
		if err != nil {
			return err
		}
		t := Thread(row)
		sc, err := s.systemScope(ctx, q, t.CompanyID)
		if err != nil {
			return err
		}
		aud, err := audienceOf(ctx, q, sc, t.CategoryID)
		if err != nil {
			return err
		}
		done := make([]int64, 0, len(rows))
		for _, m := range rows {
			f := payloads[m.ID]
			var author int64
			if m.AuthorID != nil {
				author = *m.AuthorID
			}
			mentioned := mentionIDs(aud, f.Mentions)
			if err := bumpUnread(ctx, q, t, m.ActivityID, aud.others(author), mentioned); err != nil {
				return err
			}
			for _, e := range f.Events {
				mail := e.Mail
				if e.MailMentions && mail != nil {
					withMentions := *mail
					withMentions.Mentioned = aud.uuids(mentioned)
					mail = &withMentions
				}
				if len(aud.all) > 0 {
					events = append(events, notify.Event{Users: aud.all, Key: e.Key, Data: e.Data, Mail: mail})
				}
			}
			done = append(done, m.ID)
		}
		return q.InboxFanoutDone(ctx, done)
	})
	if err == nil && len(events) > 0 {
		s.pub.Publish(ctx, events...)
	}
	return err
}

// Settle waits until this process has applied the fan-outs of the writes it
// committed (tests read unread state and events after it).
func (s *Service) Settle() {
	s.fo.mu.Lock()
	defer s.fo.mu.Unlock()
	for s.fo.running {
		s.fo.idle.Wait()
	}
}

// ResumeFanOuts applies, in the background, the markers that processes left
// behind when they stopped (a process that is still running may be applying
// some of them: each is applied once).
func (s *Service) ResumeFanOuts(ctx context.Context) error {
	rows, err := s.st.InboxFanoutPending(ctx)
	if err != nil {
		return err
	}
	list := make([]fanOut, 0, len(rows))
	for _, r := range rows {
		f := fanOut{id: r.ID, companyID: r.CompanyID, threadID: r.ThreadID}
		if err := json.Unmarshal(r.Payload, &f.fanOutPayload); err != nil {
			s.log.Error("inbox: a fan-out marker that cannot be read", "fanout", r.ID, "err", err)
		}
		list = append(list, f)
	}
	s.enqueueFanOuts(list)
	return nil
}
