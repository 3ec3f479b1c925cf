package inboxscale

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// The seeded shape.
const (
	Companies       = 1000
	ActivitiesEach  = 10 // per thread: the create, a message, eight status changes and uploads
	CommonWord      = "invoice"
	RareWord        = "zebrafish"
	commonShare     = 0.15
	rareMessages    = 20
	attachmentEvery = 50
)

// Seed makes (or with PORTICO_BENCH_KEEP finds) a database with the demo
// organisation plus Companies companies of perCompany threads each, and
// returns its DSN. The demo agent (agent@portico.test) is staff of every
// company with every category: an agent of 1000 companies.
func Seed(b testing.TB, perCompany int) (string, demo.Seeded) {
	ctx := context.Background()
	dsn, seeded := benchDSN(b, perCompany)
	boot, err := store.Open(ctx, dsn)
	require.NoError(b, err)
	seed, err := demo.Seed(ctx, boot, "localhost")
	require.NoError(b, err)
	if seeded {
		grantAgent(b, boot, seed)
		boot.Close()
		return dsn, seed
	}
	start := time.Now()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	defer conn.Close(ctx)
	exec := func(sql string, args ...any) {
		_, err := conn.Exec(ctx, sql, args...)
		require.NoError(b, err, sql)
	}
	exec(`SET session_replication_role = replica`) // no foreign-key triggers during the load
	exec(`SET maintenance_work_mem = '512MB'`)
	exec(`INSERT INTO companies (name, communication_language, terms_accepted_at)
		SELECT 'Scale ' || i, 'en', now() FROM generate_series(1, $1::int) AS i`, Companies)
	exec(`INSERT INTO company_categories (company_id, category_id)
		SELECT c.id, k.id FROM companies c CROSS JOIN categories k WHERE c.name LIKE 'Scale %'`)

	// secondary indexes are rebuilt after the load (faster than keeping them)
	indexes := dbtest.DropIndexes(b, conn, "threads", "thread_search", "activities", "messages", "attachments")

	var companyIDs []int64
	crow, err := conn.Query(ctx, `SELECT id FROM companies WHERE name LIKE 'Scale %' ORDER BY id`)
	require.NoError(b, err)
	companyIDs, err = pgx.CollectRows(crow, pgx.RowTo[int64])
	require.NoError(b, err)
	var cats []int64
	for _, c := range seed.Categories {
		cats = append(cats, c.ID)
	}
	slices.Sort(cats)
	var people []int64
	for _, u := range seed.Users {
		people = append(people, u.ID)
	}
	slices.Sort(people)
	agent := seed.Users["agent@portico.test"].ID

	rng := rand.New(rand.NewPCG(1, uint64(perCompany)))
	now := time.Now()
	total := len(companyIDs) * perCompany
	type thread struct {
		company, id int64
		at          time.Time
		author      int64
	}
	threads := make([]thread, 0, total)
	statuses := []string{"created", "created", "created", "in_progress", "in_progress", "in_progress", "closed", "closed", "closed", "cancelled"}
	priorities := []string{"very_high", "high", "medium", "medium", "medium", "low"}
	words := strings.Fields("salary payroll report vat ledger receipt contract budget audit tax question meeting balance " +
		"quarter month review approval payment transfer document")
	threadRows := pgx.CopyFromFunc(func() ([]any, error) {
		if len(threads) == total {
			return nil, nil
		}
		n := len(threads)
		t := thread{company: companyIDs[n/perCompany], id: int64(n + 1), at: now.Add(-time.Duration(rng.Int64N(int64(730 * 24 * time.Hour)))),
			author: people[rng.IntN(len(people))]}
		threads = append(threads, t)
		status := statuses[rng.IntN(len(statuses))]
		var due, completion *time.Time
		if rng.IntN(5) == 0 {
			d := now.Add(time.Duration(rng.Int64N(int64(60*24*time.Hour))) - 30*24*time.Hour)
			due = &d
		}
		if status == "closed" || status == "cancelled" {
			completion = &t.at
		}
		var responsible *int64
		if rng.IntN(3) == 0 {
			responsible = &agent
		}
		w1, w2 := words[rng.IntN(len(words))], words[rng.IntN(len(words))]
		return []any{t.company, t.id, cats[n%len(cats)], "inbox_task", fmt.Sprintf("%s %s %d", w1, w2, n),
			"<p>About the " + w2 + " of " + w1 + ".</p>", status, priorities[rng.IntN(len(priorities))], rng.IntN(20) == 0,
			due, completion, rng.IntN(50) == 0, t.author, responsible, t.at, t.at, t.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"threads"}, []string{"company_id", "id", "category_id", "task_type", "title",
		"description", "status", "priority", "urgent", "due_date", "completion_date", "hidden", "author_id", "responsible_id",
		"activity_at", "created_at", "updated_at"}, threadRows)
	require.NoError(b, err)
	// the words of each title and description, as ThreadCreate writes them
	exec(`INSERT INTO thread_search (company_id, thread_id, search)
		SELECT company_id, id, thread_search_vector(title, description) FROM threads`)

	// activities: per thread the create, one message, and status changes or uploads
	var actID, msgID, attID int64
	type message struct {
		company, id, thread, activity, user int64
		at                                  time.Time
	}
	var messages []message
	var attachments []message
	ti, k := 0, 0
	actRows := pgx.CopyFromFunc(func() ([]any, error) {
		if ti == len(threads) {
			return nil, nil
		}
		t := threads[ti]
		actID++
		at := t.at.Add(-time.Duration(ActivitiesEach-k) * time.Minute)
		key := "status_change_from_created_to_in_progress"
		switch {
		case k == 0:
			key = "inbox_task.create"
		case k == 1:
			key = "inbox_message.create"
			msgID++
			messages = append(messages, message{t.company, msgID, t.id, actID, t.author, at})
		case k == 2 && ti%attachmentEvery == 0:
			key = "inbox_attachment.create"
			attID++
			attachments = append(attachments, message{t.company, attID, t.id, actID, t.author, at})
		}
		row := []any{t.company, actID, t.id, key, t.author, at, at, at}
		if k++; k == ActivitiesEach {
			k, ti = 0, ti+1
		}
		return row, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"activities"}, []string{"company_id", "id", "thread_id", "key", "user_id",
		"action_at", "created_at", "updated_at"}, actRows)
	require.NoError(b, err)

	rare := map[int]bool{}
	for len(rare) < min(rareMessages, len(messages)) {
		rare[rng.IntN(len(messages))] = true
	}
	mi := 0
	msgRows := pgx.CopyFromFunc(func() ([]any, error) {
		if mi == len(messages) {
			return nil, nil
		}
		m := messages[mi]
		var sb strings.Builder
		for range 6 + rng.IntN(6) {
			sb.WriteString(words[rng.IntN(len(words))])
			sb.WriteByte(' ')
		}
		if rng.Float64() < commonShare {
			sb.WriteString(CommonWord + " ")
		}
		if rare[mi] {
			sb.WriteString(RareWord + " ")
		}
		text := strings.TrimSpace(sb.String())
		mi++
		return []any{m.company, m.id, m.thread, m.activity, m.user, "<p>" + text + "</p>", text, m.at, m.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"messages"}, []string{"company_id", "id", "thread_id", "activity_id", "user_id",
		"body", "body_text", "created_at", "updated_at"}, msgRows)
	require.NoError(b, err)
	ai := 0
	attRows := pgx.CopyFromFunc(func() ([]any, error) {
		if ai == len(attachments) {
			return nil, nil
		}
		a := attachments[ai]
		ai++
		return []any{a.company, a.id, a.thread, a.activity, a.user, fmt.Sprintf("%s-%d.pdf", words[ai%len(words)], ai), "pdf",
			int64(1000 + ai), "attachments/none", a.at}, nil
	})
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"attachments"}, []string{"company_id", "id", "thread_id", "activity_id",
		"uploader_id", "filename", "extension", "file_size", "blob_key", "uploaded_at"}, attRows)
	require.NoError(b, err)

	for _, def := range indexes {
		exec(def)
	}
	for _, seq := range []string{"threads", "activities", "messages", "attachments"} {
		exec(fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT max(id) FROM %s))`, seq, seq))
	}
	exec(`INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
		SELECT company_id, category_id, task_type, status, hidden, count(*) FROM threads
		GROUP BY company_id, category_id, task_type, status, hidden`)
	// a counter row for every combination in use, as a busy deployment has
	// them: the 10k database then holds the same rows (mostly zeros) as the
	// 1M one, and the stats figures differ by thread count alone
	exec(`INSERT INTO thread_counters (company_id, category_id, task_type, status, hidden, count)
		SELECT c.id, k.id, 'inbox_task', s, h, 0 FROM companies c CROSS JOIN categories k
		CROSS JOIN unnest('{created,in_progress,closed,cancelled}'::text[]) AS s CROSS JOIN unnest('{false,true}'::bool[]) AS h
		ON CONFLICT DO NOTHING`)
	exec(`ANALYZE`)
	b.Logf("seeded %d threads, %d activities, %d messages, %d attachments in %s", len(threads), actID, len(messages),
		len(attachments), time.Since(start).Round(time.Second))
	grantAgent(b, boot, seed)
	boot.Close()
	return dsn, seed
}

// benchDSN is a fresh database, or with PORTICO_BENCH_KEEP=1 a kept one
// (portico_bench_<threads per company>, see dbtest.BenchDSN). seeded tells a
// kept database that has its threads already.
func benchDSN(b testing.TB, perCompany int) (string, bool) {
	dsn, kept := dbtest.BenchDSN(b, fmt.Sprintf("portico_bench_%d", perCompany))
	if !kept {
		return dsn, false
	}
	ctx := context.Background()
	c2, err := pgx.Connect(ctx, dsn)
	require.NoError(b, err)
	defer c2.Close(ctx)
	var n int64
	require.NoError(b, c2.QueryRow(ctx, "SELECT count(*) FROM threads").Scan(&n))
	b.Logf("kept database %s (%d threads)", dsn, n)
	return dsn, n > 0
}

// grantAgent makes the demo agent staff (role user, every category) of every
// company; idempotent, so a kept database seeded before gets it too.
func grantAgent(b testing.TB, st *store.Store, seed demo.Seeded) {
	ctx := context.Background()
	agent := seed.Users["agent@portico.test"].ID
	_, err := st.Pool.Exec(ctx, `INSERT INTO portico_users (company_id, user_id, role)
		SELECT id, $1, 'user' FROM companies ON CONFLICT DO NOTHING`, agent)
	require.NoError(b, err)
	_, err = st.Pool.Exec(ctx, `INSERT INTO portico_user_categories (company_id, portico_user_id, category_id)
		SELECT p.company_id, p.id, k.id FROM portico_users p CROSS JOIN categories k WHERE p.user_id = $1
		ON CONFLICT DO NOTHING`, agent)
	require.NoError(b, err)
}
