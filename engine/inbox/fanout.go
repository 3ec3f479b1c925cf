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
	id int64
	fanOutPayload
}

// fanOuts is a process's queue of markers to apply, one at a time.
type fanOuts struct {
	mu      sync.Mutex
	idle    sync.Cond
	queue   []fanOut
	running bool
}

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
	t.fanOuts = append(t.fanOuts, fanOut{id: id, fanOutPayload: p})
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
		f := s.fo.queue[0]
		s.fo.queue = s.fo.queue[1:]
		s.fo.mu.Unlock()
		var err error
		for range 3 { // a deadlock or a dropped connection: the marker is still there
			if err = s.applyFanOut(ctx, f); err == nil {
				break
			}
		}
		if err != nil {
			s.log.Error("inbox: applying a new activity's unread marks (left for the next start)", "fanout", f.id, "err", err)
		}
	}
}

// applyFanOut applies one marker unless another process did, then sends its
// events to the thread's audience.
func (s *Service) applyFanOut(ctx context.Context, f fanOut) error {
	var events []notify.Event
	err := s.st.InTx(ctx, func(q *store.Queries) error {
		events = nil
		rows, err := q.InboxFanoutTake(ctx, f.id)
		if err != nil || len(rows) == 0 {
			return err
		}
		m := rows[0]
		// the thread as it is now (its category decides who may read it,
		// its folder which counters move), locked as its writes lock it
		row, err := q.ThreadLock(ctx, store.ThreadLockParams{CompanyID: m.CompanyID, ID: m.ThreadID})
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
		return q.InboxFanoutDone(ctx, m.ID)
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
		f := fanOut{id: r.ID}
		if err := json.Unmarshal(r.Payload, &f.fanOutPayload); err != nil {
			s.log.Error("inbox: a fan-out marker that cannot be read", "fanout", r.ID, "err", err)
		}
		list = append(list, f)
	}
	s.enqueueFanOuts(list)
	return nil
}
