//go:build bench

package inbox_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo/inboxscale"
	"portico/devstack"
	"portico/engine/inbox"
)

// The inbox's cost curve: the same figures at 10k, 100k and 1M threads (10,
// 100 and 1000 threads in each of 1000 companies; PORTICO_BENCH_CURVE lists
// other sizes per company), written to var/bench/curves.json, from which
// cmd/portico-benchreport draws the charts and the report. Each line should
// stay flat: the engine's cost must not grow with the threads.
//
// Page 1000 is the 1000th keyset page of 10, or the last full one where the
// folder holds fewer (at 10k threads about 600).
func BenchmarkInboxCostCurve(b *testing.B) {
	sizes := []int{10, 100, 1000}
	if v := os.Getenv("PORTICO_BENCH_CURVE"); v != "" {
		sizes = nil
		for _, s := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			require.NoError(b, err)
			sizes = append(sizes, n)
		}
	}
	curves := inboxscale.Curves{Figures: map[string][]float64{}}
	for range b.N {
		for _, per := range sizes {
			db := openScale(b, per)
			threads := per * inboxscale.Companies
			curves.Threads = append(curves.Threads, threads)
			for name, v := range curvePoint(b, db) {
				curves.Figures[name] = append(curves.Figures[name], v)
				b.ReportMetric(v, fmt.Sprintf("%s_%dk_ms", name, threads/1000))
			}
			db.st.Close()
		}
	}
	root, err := devstack.RepoRoot()
	require.NoError(b, err)
	dir := filepath.Join(root, "var", "bench")
	require.NoError(b, os.MkdirAll(dir, 0o755))
	out, err := json.MarshalIndent(curves, "", "  ")
	require.NoError(b, err)
	require.NoError(b, os.WriteFile(filepath.Join(dir, "curves.json"), out, 0o644))
}

// curvePoint measures one database's figures, in milliseconds.
func curvePoint(b *testing.B, db *scaleDB) map[string]float64 {
	ctx := db.ctx
	all := inbox.Selection{Folder: inbox.FolderInbox}
	page := func(last *uuid.UUID) (*inbox.List, func()) {
		l, err := db.svc.Tasks(ctx, db.admin, inbox.ListParams{Selection: all, Limit: 10, LastID: last})
		require.NoError(b, err)
		return l, func() {
			_, err := db.svc.Tasks(ctx, db.admin, inbox.ListParams{Selection: all, Limit: 10, LastID: last})
			require.NoError(b, err)
		}
	}
	var cursor, prev *uuid.UUID
	for range 999 {
		l, _ := page(cursor)
		if len(l.Collection) < 10 {
			cursor = prev
			break
		}
		id := l.Collection[9].UUID
		prev, cursor = cursor, &id
	}
	_, first := page(nil)
	_, deep := page(cursor)
	stats := func() {
		_, err := db.svc.InboxStats(ctx, db.admin, inbox.StatsParams{})
		require.NoError(b, err)
	}
	search := func(word string) func() {
		return func() {
			_, err := db.svc.Search(ctx, db.admin, inbox.SearchParams{Query: word, Limit: 10})
			require.NoError(b, err)
		}
	}
	m := inboxscale.Medians(reps, first, deep, stats, search(inboxscale.CommonWord), search(inboxscale.RareWord))
	ids := db.openThreads(b, 1000)
	var bulk []float64
	for _, status := range []string{"closed", "in_progress", "closed", "in_progress"} {
		t0 := time.Now()
		res, err := db.svc.ChangeTasksStatus(ctx, db.admin, inbox.BulkTarget{TaskIDs: ids}, status)
		require.NoError(b, err)
		require.Zero(b, res.Failed)
		bulk = append(bulk, inboxscale.Ms(time.Since(t0)))
	}
	return map[string]float64{"page1": m[0], "page1000": m[1], "stats": m[2], "search_common": m[3], "search_rare": m[4],
		"bulk_1000": inboxscale.Median(bulk)}
}
