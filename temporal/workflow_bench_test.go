//go:build bench

package temporal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/workflow/contract"
)

// tenSteps is a chain of ten tasks.
func tenSteps() json.RawMessage {
	nodes := []any{map[string]any{"id": "s", "type": "start"}}
	edges := []any{}
	prev := "s"
	for i := 1; i <= 10; i++ {
		id := fmt.Sprintf("t%d", i)
		nodes = append(nodes, map[string]any{"id": id, "type": "task", "data": map[string]any{"title": "Step " + id,
			"assignee": map[string]any{"type": "nobody"}}})
		edges = append(edges, map[string]any{"id": "e" + id, "source": prev, "target": id})
		prev = id
	}
	nodes = append(nodes, map[string]any{"id": "e", "type": "end"})
	edges = append(edges, map[string]any{"id": "eend", "source": prev, "target": "e"})
	b, _ := json.Marshal(map[string]any{"nodes": nodes, "edges": edges})
	return b
}

// BenchmarkInstanceStarts starts 1000 runs of a 10-step workflow on the dev
// server (each: its instance row, the Temporal start, the run's first
// activities and its first inbox task) with no other run open, then 1000 more
// beside those 1000 open runs, and reports both rates and their ratio.
func BenchmarkInstanceStarts(b *testing.B) {
	const n, parallel = 1000, 16
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	e := startEngine(b, ctx)
	cw := e.assign(b, ctx, "Bench ten steps", tenSteps(), false)
	in, _ := json.Marshal(contract.InstanceInput{Instance: uuid.New()})
	b.ReportMetric(float64(len(in)), "input-bytes")

	firstTasks := func() int {
		var c int
		require.NoError(b, e.st.Pool.QueryRow(ctx, `SELECT count(*) FROM threads t JOIN workflow_instances i
			ON i.company_id = t.company_id AND i.id = t.workflow_instance_id WHERE i.company_workflow_id = $1`, cw.ID).Scan(&c))
		return c
	}
	round := func() float64 {
		base := firstTasks()
		start := time.Now()
		var wg sync.WaitGroup
		jobs := make(chan int)
		var mu sync.Mutex
		var firstErr error
		for range parallel {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range jobs {
					if _, err := e.svc.Start(ctx, e.admin, cw.UUID, nil); err != nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
					}
				}
			}()
		}
		for i := range n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		require.NoError(b, firstErr)
		for firstTasks() < base+n {
			time.Sleep(50 * time.Millisecond)
		}
		return float64(n) / time.Since(start).Seconds()
	}
	b.ResetTimer()
	empty := round()
	busy := round()
	b.StopTimer()
	b.ReportMetric(empty, "starts/s-idle")
	b.ReportMetric(busy, "starts/s-beside-1000-open")
	b.ReportMetric(busy/empty, "ratio")
	b.Logf("1000 starts of a 10-step workflow: %.1f/s with no run open, %.1f/s beside 1000 open runs (ratio %.2f, goal >= 0.8); input %d bytes",
		empty, busy, busy/empty, len(in))
	_ = contract.StateRunning
}
