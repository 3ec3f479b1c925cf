package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"portico/engine/store"
)

// verifyBatch is how many entries of a chain Verify reads at a time.
const verifyBatch = 5000

// Break is the first broken link of a chain.
type Break struct {
	// Chain is the company id the chain belongs to (0: entries without a company).
	Chain int64
	// Seq is the position in the chain where it breaks; EntryID the entry there
	// (0 when the entry is missing).
	Seq     int64
	EntryID int64
	Reason  string
}

func (b Break) String() string {
	return fmt.Sprintf("chain %d broken at position %d (entry %d): %s", b.Chain, b.Seq, b.EntryID, b.Reason)
}

// Chain is a verified chain: its company id, length and head hash (worth
// keeping outside the database: a later verify against a kept head also shows
// a chain rewritten from an earlier point).
type Chain struct {
	Key    int64
	Length int64
	Head   string
}

// Report is what Verify found: every chain, and the first break of each
// broken one.
type Report struct {
	Chains  []Chain
	Entries int64
	Breaks  []Break
}

// OK tells whether every chain is whole.
func (r Report) OK() bool { return len(r.Breaks) == 0 }

// Verify recomputes every chain of the events log from its first entry and
// compares it with the stored hashes and the chains' heads. An entry edited in
// place breaks the link at that entry; a removed or inserted entry breaks the
// sequence; a chain whose last entries were removed no longer reaches its head.
func Verify(ctx context.Context, st *store.Store) (Report, error) {
	var rep Report
	heads, err := st.EventLogChainKeys(ctx)
	if err != nil {
		return rep, err
	}
	for _, h := range heads {
		c, brk, err := verifyChain(ctx, st, h)
		if err != nil {
			return rep, err
		}
		rep.Chains = append(rep.Chains, c)
		rep.Entries += c.Length
		if brk != nil {
			rep.Breaks = append(rep.Breaks, *brk)
		}
	}
	orphans, err := st.EventLogChainOrphans(ctx)
	if err != nil {
		return rep, err
	}
	if orphans > 0 {
		rep.Breaks = append(rep.Breaks, Break{Chain: -1, Reason: fmt.Sprintf("%d entries belong to a chain without a head", orphans)})
	}
	return rep, nil
}

func verifyChain(ctx context.Context, st *store.Store, head store.EventsLogChain) (Chain, *Break, error) {
	c := Chain{Key: head.ChainKey}
	prev := []byte{}
	var seq int64
	for {
		rows, err := st.EventLogChainSlice(ctx, store.EventLogChainSliceParams{ChainKey: head.ChainKey, AfterSeq: seq, Lim: verifyBatch})
		if err != nil {
			return c, nil, err
		}
		for _, r := range rows {
			c.Length++
			if r.ChainSeq != seq+1 {
				return c, &Break{Chain: head.ChainKey, Seq: seq + 1, EntryID: r.ID,
					Reason: fmt.Sprintf("entry missing: the next entry is at position %d", r.ChainSeq)}, nil
			}
			seq = r.ChainSeq
			want := Link(prev, head.ChainKey, r)
			if !bytes.Equal(want, r.Hash) {
				return c, &Break{Chain: head.ChainKey, Seq: seq, EntryID: r.ID,
					Reason: "the entry does not match its hash (changed after it was written)"}, nil
			}
			prev = r.Hash
		}
		if len(rows) < verifyBatch {
			break
		}
	}
	c.Head = hex.EncodeToString(prev)
	switch {
	case seq != head.LastSeq:
		return c, &Break{Chain: head.ChainKey, Seq: seq + 1,
			Reason: fmt.Sprintf("the chain ends at position %d but its head says %d", seq, head.LastSeq)}, nil
	case !bytes.Equal(prev, head.LastHash):
		return c, &Break{Chain: head.ChainKey, Seq: seq, Reason: "the chain's last hash differs from its head"}, nil
	}
	return c, nil, nil
}

// Link is an entry's hash: sha256(previous hash || canonical text), the
// canonical text being the fields of migration 00065 joined by 0x1f.
func Link(prev []byte, chain int64, r store.EventLogChainSliceRow) []byte {
	text := strings.Join([]string{strconv.FormatInt(chain, 10), strconv.FormatInt(r.ChainSeq, 10),
		strconv.FormatInt(r.ID, 10), r.UserID, r.EventCategory, r.EventName, r.EventLabelExtended, r.Ip, r.Data,
		r.CreatedUs}, "\x1f")
	h := sha256.New()
	h.Write(prev)
	h.Write([]byte(text))
	return h.Sum(nil)
}
