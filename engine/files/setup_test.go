package files_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/notify"
	"portico/engine/notify/notifytest"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/store/dbtest"
)

// testBlobs is the real local blob store in a temporary directory, with a
// listing of what it holds so tests can check nothing was left behind.
type testBlobs struct{ *blob.Local }

func newTestBlobs(t testing.TB) *testBlobs {
	t.Helper()
	l, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return &testBlobs{l}
}

func (b *testBlobs) keys() []string {
	var out []string
	_ = filepath.WalkDir(b.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".put-") {
			return err
		}
		rel, err := filepath.Rel(b.Dir, path)
		if err == nil {
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	})
	sort.Strings(out)
	return out
}

// recorder keeps the realtime events published.
type recorder struct{ notifytest.Recorder }

func (r *recorder) last(key string) (notify.Event, bool) {
	events := r.Events()
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Key == key {
			return events[i], true
		}
	}
	return notify.Event{}, false
}

// starter records the export jobs asked for.
type starter struct {
	mu      sync.Mutex
	started []string
}

func (s *starter) add(kind string, id uuid.UUID) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started = append(s.started, kind+"/"+id.String())
	return nil
}
func (s *starter) StartThreadPDF(_ context.Context, id uuid.UUID) error { return s.add("pdf", id) }
func (s *starter) StartInboxZip(_ context.Context, id uuid.UUID) error  { return s.add("inbox-zip", id) }
func (s *starter) StartContentZip(_ context.Context, id uuid.UUID) error {
	return s.add("content-zip", id)
}

type env struct {
	st      *store.Store
	svc     *files.Service
	exp     *files.Exporter
	blobs   *testBlobs
	pub     *recorder
	starter *starter
	seed    demo.Seeded
	acme    uuid.UUID
	bor     uuid.UUID
}

// setup gives a fresh database with the demo organisation. Each test gets its
// own database: tests change folders that others would see.
func setup(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dbtest.FreshDSN(t))
	require.NoError(t, err)
	t.Cleanup(st.Close)
	seed, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	e := &env{st: st, blobs: newTestBlobs(t), pub: &recorder{}, starter: &starter{}, seed: seed,
		acme: seed.Companies["Acme Oy"].UUID, bor: seed.Companies["Borealis AB"].UUID}
	e.svc = files.New(e.deps())
	e.exp = files.NewExporter(st, e.blobs)
	return e
}

// deps is what setup builds the service on.
func (e *env) deps() files.Deps {
	return files.Deps{Store: e.st, Directory: org.NewDirectory(e.st), Blobs: e.blobs, Publisher: e.pub, Starter: e.starter}
}

func (e *env) req(email string) org.Request {
	u, ok := e.seed.Users[email]
	if !ok {
		panic("no demo user " + email)
	}
	return org.Request{User: u}
}

// root is the root folder of a category in a company, as the agent sees it.
func (e *env) root(t *testing.T, company uuid.UUID, category string) files.Folder {
	t.Helper()
	page, err := e.svc.Folders(context.Background(), e.req("agentadmin@portico.test"), files.FolderQuery{CompanyID: company, Roots: true})
	require.NoError(t, err)
	for _, f := range page.Folders {
		if f.Name == category {
			return f
		}
	}
	t.Fatalf("no root folder %s", category)
	return files.Folder{}
}

func (e *env) folder(t *testing.T, parent uuid.UUID, name string) files.Folder {
	t.Helper()
	f, err := e.svc.CreateFolder(context.Background(), e.req("agent@portico.test"), e.acme, &parent, name)
	require.NoError(t, err)
	return f
}

func (e *env) upload(t *testing.T, who string, folder uuid.UUID, name, content string) files.File {
	t.Helper()
	f, err := e.svc.CreateFile(context.Background(), e.req(who), folder,
		files.Upload{Filename: name, Size: int64(len(content)), Body: strings.NewReader(content)}, nil)
	require.NoError(t, err)
	return f
}

func (e *env) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, e.st.Pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

type thread struct {
	ID   int64
	UUID uuid.UUID
}

// thread writes a thread with messages (HTML bodies) and attachments the way
// the inbox stores them; the attachments' contents go to the blob store.
func (e *env) thread(t *testing.T, company, category, title, author string, bodies []string, attachments map[string]string) thread {
	t.Helper()
	ctx := context.Background()
	co := e.seed.Companies[company].ID
	user := e.seed.Users[author].ID
	var th thread
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO threads (company_id, category_id, title, status, author_id)
		VALUES ($1, $2, $3, 'in_progress', $4) RETURNING id, uuid`, co, e.seed.Categories[category].ID, title, user).Scan(&th.ID, &th.UUID))
	for _, body := range bodies {
		var act int64
		require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO activities (company_id, thread_id, key, user_id)
			VALUES ($1, $2, 'inbox_message.create', $3) RETURNING id`, co, th.ID, user).Scan(&act))
		_, err := e.st.Pool.Exec(ctx, `INSERT INTO messages (company_id, thread_id, activity_id, user_id, body)
			VALUES ($1, $2, $3, $4, $5)`, co, th.ID, act, user, body)
		require.NoError(t, err)
	}
	names := make([]string, 0, len(attachments))
	for n := range attachments {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		key := "attachments/" + uuid.NewString()
		_, err := e.blobs.Put(ctx, key, strings.NewReader(attachments[n]))
		require.NoError(t, err)
		_, err = e.st.Pool.Exec(ctx, `INSERT INTO attachments (company_id, thread_id, uploader_id, filename, file_size, blob_key)
			VALUES ($1, $2, $3, $4, $5, $6)`, co, th.ID, user, n, len(attachments[n]), key)
		require.NoError(t, err)
	}
	return th
}
