// Command portico-runload is the workflow throughput generator of `make
// bench`: against a running portal on loopback (PORTICO_URL) it starts -runs
// runs of a two-task workflow (the demo's "VAT return" with corrections:
// prepare, then file the corrections) through startWorkflowInstance,
// -parallel at a time, and then closes their tasks as a person does
// (changeTaskStatus), the second as soon as the run has made it. It reports
// starts per second (from the first start until every run has its first
// task) and completions per second (from the first close until every run is
// completed). It watches the runs in the portal's database (DATABASE_URL,
// read only) so that its polling costs the portal nothing.
//
// It signs in by dev login, or through the Google button where Google is the
// demo's OpenID provider (`make cluster`), and needs the GraphQL rate limit
// off (GRAPHQL_RATE_PER_MINUTE=0): one person makes every request. It imports
// cluster/portalclient and no other Portico package.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"portico/cluster/portalclient"
)

func main() {
	runs := flag.Int("runs", 2000, "runs to start and complete")
	parallel := flag.Int("parallel", 16, "requests in flight")
	label := flag.String("label", "", "what the figures are of (printed with them)")
	timeout := flag.Duration("timeout", 90*time.Minute, "give up after")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	if err := run(ctx, strings.TrimRight(os.Getenv("PORTICO_URL"), "/"), os.Getenv("DATABASE_URL"), *runs, *parallel, *label); err != nil {
		fmt.Fprintln(os.Stderr, "portico-runload:", err)
		os.Exit(1)
	}
}

const (
	workflowName = "VAT return"
	companyName  = "Acme Oy"
)

func run(ctx context.Context, base, dsn string, n, parallel int, label string) error {
	if err := portalclient.CheckLoopback(base); err != nil {
		return err
	}
	if dsn == "" {
		return fmt.Errorf("DATABASE_URL is not set: the runs are watched in the portal's database")
	}
	db, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	admin, err := portalclient.SignIn(ctx, base, "admin@portico.test")
	if err != nil {
		return err
	}
	var cw string
	if err := db.QueryRow(ctx, `SELECT cw.uuid FROM company_workflows cw JOIN workflows w ON w.id = cw.workflow_id
		JOIN companies co ON co.id = cw.company_id WHERE w.name = $1 AND co.name = $2 AND cw.unassigned_at IS NULL`,
		workflowName, companyName).Scan(&cw); err != nil {
		return fmt.Errorf("%s of %s: %w", workflowName, companyName, err)
	}
	if label != "" {
		label = " (" + label + ")"
	}

	// starts: every run answered, then every run's first task made
	fmt.Printf("starting %d runs of %q, %d at a time%s...\n", n, workflowName, parallel, label)
	ids := make([]string, n)
	t0 := time.Now()
	if err := each(ctx, n, parallel, func(i int) error {
		var out struct {
			Data struct {
				StartWorkflowInstance struct {
					WorkflowInstance *struct{ UUID string }           `json:"workflowInstance"`
					Errors           []struct{ Code, Message string } `json:"errors"`
				} `json:"startWorkflowInstance"`
			} `json:"data"`
		}
		err := admin.GraphQL(ctx, `mutation($cw: ID!, $p: JSON) { startWorkflowInstance(companyWorkflowId: $cw, parameters: $p) {
			workflowInstance { uuid } errors { code message } } }`,
			map[string]any{"cw": cw, "p": map[string]any{"period": fmt.Sprintf("bench-%d", i), "corrections": true}}, &out)
		if err != nil {
			return err
		}
		if out.Data.StartWorkflowInstance.WorkflowInstance == nil {
			return fmt.Errorf("start: %+v", out.Data.StartWorkflowInstance.Errors)
		}
		ids[i] = out.Data.StartWorkflowInstance.WorkflowInstance.UUID
		return nil
	}); err != nil {
		return err
	}
	answered := time.Since(t0)
	if err := waitCount(ctx, db, `SELECT count(*) FROM threads t JOIN workflow_instances wi ON wi.company_id = t.company_id
		AND wi.id = t.workflow_instance_id WHERE wi.uuid = ANY($1::uuid[]) AND t.workflow_node_id = 'prepare'`, ids, n); err != nil {
		return fmt.Errorf("first tasks: %w", err)
	}
	started := time.Since(t0)
	fmt.Printf("runs %d%s: starts answered in %s (%.1f/s)\n", n, label, answered.Round(time.Millisecond), float64(n)/answered.Seconds())
	fmt.Printf("workflow starts per second%s: %.1f (%d runs with their first task in %s)\n", label, float64(n)/started.Seconds(), n, started.Round(time.Millisecond))

	// completions: close each run's first task, then its second as soon as it is made
	fmt.Printf("closing their %d tasks...\n", 2*n)
	t1 := time.Now()
	closed := map[string]bool{}
	for len(closed) < 2*n {
		var open []string
		rows, err := db.Query(ctx, `SELECT t.uuid::text FROM threads t JOIN workflow_instances wi ON wi.company_id = t.company_id
			AND wi.id = t.workflow_instance_id WHERE wi.uuid = ANY($1::uuid[]) AND t.workflow_node_id IN ('prepare', 'correct')`, ids)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			if !closed[id] {
				open = append(open, id)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(open) == 0 {
			if err := pause(ctx); err != nil {
				return fmt.Errorf("waiting for the second tasks (%d of %d closed): %w", len(closed), 2*n, err)
			}
			continue
		}
		if err := each(ctx, len(open), parallel, func(i int) error { return admin.CloseTask(ctx, open[i]) }); err != nil {
			return err
		}
		for _, id := range open {
			closed[id] = true
		}
	}
	if err := waitCount(ctx, db, `SELECT count(*) FROM workflow_instances WHERE uuid = ANY($1::uuid[]) AND state = 'completed'`, ids, n); err != nil {
		return fmt.Errorf("completions: %w", err)
	}
	completed := time.Since(t1)

	fmt.Printf("workflow completions per second%s: %.1f (%d tasks closed, %d runs completed in %s)\n", label,
		float64(n)/completed.Seconds(), 2*n, n, completed.Round(time.Millisecond))
	return nil
}

// each runs f for 0..n-1, parallel at a time; the first error stops it.
func each(ctx context.Context, n, parallel int, f func(i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		once     sync.Once
		firstErr error
	)
	for range min(parallel, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := f(i); err != nil {
					once.Do(func() { firstErr = err; cancel() })
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// waitCount waits until query over ids counts want.
func waitCount(ctx context.Context, db *pgxpool.Pool, query string, ids []string, want int) error {
	for {
		var got int
		if err := db.QueryRow(ctx, query, ids).Scan(&got); err != nil {
			return err
		}
		if got >= want {
			return nil
		}
		if err := pause(ctx); err != nil {
			return fmt.Errorf("%d of %d: %w", got, want, err)
		}
	}
}

func pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(50 * time.Millisecond):
		return nil
	}
}
