package inbox_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/org"
)

// purgeTimers records the purge timers a system deletion starts.
type purgeTimers struct {
	mu      sync.Mutex
	started map[uuid.UUID]time.Time
}

func (p *purgeTimers) StartAttachmentPurge(_ context.Context, id uuid.UUID, at time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.started[id] = at
	return nil
}

type adminEnv struct {
	*env
	blobs  blob.Store
	timers *purgeTimers
	purger *inbox.Purger
}

func adminSetup(t *testing.T) *adminEnv {
	t.Helper()
	e := setup(t)
	// the service again, on a blob store the test can look into
	blobs, err := blob.NewLocal(t.TempDir())
	require.NoError(t, err)
	e.svc = inbox.New(e.st, org.NewDirectory(e.st), inbox.Options{Publisher: e.pub, Blobs: blobs, MaxUploadBytes: 1 << 20})
	return &adminEnv{env: e, blobs: blobs, timers: &purgeTimers{started: map[uuid.UUID]time.Time{}}, purger: inbox.NewPurger(e.st, blobs)}
}

func (e *adminEnv) panel(email string) org.Request {
	r := e.req(email)
	r.AdminPanel = r.User.UserRole == "admin"
	return r
}

// attach uploads a file to a new thread of the user's.
func (e *adminEnv) attach(t *testing.T, email, category, name string) *inbox.AttachmentView {
	t.Helper()
	task := e.create(t, email, "Acme Oy", category, "Files "+name)
	a, _, err := e.svc.CreateAttachment(context.Background(), e.req(email), task.UUID,
		inbox.Upload{Filename: name, ContentType: "text/plain", Size: 5, Content: strings.NewReader("hello")})
	require.NoError(t, err)
	return a
}

func (e *adminEnv) listed(t *testing.T, req org.Request, f inbox.AdminAttachmentFilter) []string {
	t.Helper()
	p, err := e.svc.AllAttachments(context.Background(), req, e.company("Acme Oy"), f)
	require.NoError(t, err)
	var out []string
	for _, a := range p.Collection {
		out = append(out, a.Filename)
	}
	return out
}

func (e *adminEnv) blobExists(t *testing.T, a *inbox.AttachmentView) bool {
	t.Helper()
	f, err := e.blobs.Open(context.Background(), a.BlobKey)
	if err != nil {
		return false
	}
	_ = f.Close()
	return true
}

// expire closes a deletion's undo window as if the minute had passed.
func (e *adminEnv) expire(t *testing.T, id uuid.UUID) {
	t.Helper()
	_, err := e.st.Pool.Exec(context.Background(),
		"UPDATE attachment_deletions SET undo_until = now() - interval '1 second' WHERE uuid = $1", id)
	require.NoError(t, err)
}

func TestAllAttachmentsRoleMatrix(t *testing.T) {
	e := adminSetup(t)
	ctx := context.Background()
	e.attach(t, "anna@acme.test", "Accounting", "ledger.txt")
	e.attach(t, "carl@acme.test", "Payroll", "payslip.txt")

	for _, tt := range []struct {
		user    string
		want    []string
		destroy map[string]bool
		code    string
	}{
		{"admin@portico.test", []string{"payslip.txt", "ledger.txt"}, map[string]bool{"payslip.txt": true, "ledger.txt": true}, ""},
		{"agentadmin@portico.test", []string{"payslip.txt", "ledger.txt"}, map[string]bool{"payslip.txt": true, "ledger.txt": true}, ""},
		{"anna@acme.test", []string{"payslip.txt", "ledger.txt"}, map[string]bool{"payslip.txt": false, "ledger.txt": true}, ""},
		{"carl@acme.test", []string{"payslip.txt"}, map[string]bool{"payslip.txt": true}, ""},
		{"eva@borealis.test", nil, nil, "RECORD_NOT_FOUND:record_not_found"},
	} {
		t.Run(tt.user, func(t *testing.T) {
			p, err := e.svc.AllAttachments(ctx, e.panel(tt.user), e.company("Acme Oy"), inbox.AdminAttachmentFilter{})
			if tt.code != "" {
				require.True(t, strings.HasPrefix(code(err), tt.code), code(err))
				return
			}
			require.NoError(t, err)
			got := map[string]bool{}
			var names []string
			for _, a := range p.Collection {
				got[a.Filename] = a.CanDestroy
				names = append(names, a.Filename)
			}
			require.Equal(t, tt.want, names)
			require.Equal(t, tt.destroy, got)
		})
	}

	t.Run("provider staff other than global admins get nothing in the admin panel", func(t *testing.T) {
		req := e.req("agentadmin@portico.test")
		req.AdminPanel = true
		_, err := e.svc.AllAttachments(ctx, req, e.company("Acme Oy"), inbox.AdminAttachmentFilter{})
		require.Equal(t, "ACCESS_DENIED:access_denied", code(err))
	})

	t.Run("filters", func(t *testing.T) {
		admin := e.panel("admin@portico.test")
		payroll := e.category("Payroll")
		require.Equal(t, []string{"payslip.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{CategoryID: &payroll}))
		require.Equal(t, []string{"ledger.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{Search: "LEDG"}))
		past := time.Now().Add(-48 * time.Hour)
		yesterday := time.Now().Add(-24 * time.Hour)
		require.Empty(t, e.listed(t, admin, inbox.AdminAttachmentFilter{From: &past, To: &yesterday}))
		require.Equal(t, []string{"payslip.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{Limit: 1}))
		require.Equal(t, []string{"ledger.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{Limit: 1, Page: 2}))
		_, err := e.svc.AllAttachments(ctx, admin, e.company("Acme Oy"), inbox.AdminAttachmentFilter{From: &yesterday, To: &past})
		require.Equal(t, "ARGUMENT_ERROR:invalid_date_range", code(err))
		internal := e.category("Internal")
		_, err = e.svc.AllAttachments(ctx, e.req("anna@acme.test"), e.company("Acme Oy"), inbox.AdminAttachmentFilter{CategoryID: &internal})
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "a category the viewer does not read")
	})
}

func TestSystemDeleteUndoAndPurge(t *testing.T) {
	e := adminSetup(t)
	ctx := context.Background()
	admin := e.panel("admin@portico.test")
	acme := e.company("Acme Oy")
	ledger := e.attach(t, "anna@acme.test", "Accounting", "ledger.txt")
	payslip := e.attach(t, "carl@acme.test", "Payroll", "payslip.txt")

	t.Run("attachments the viewer may not destroy change nothing", func(t *testing.T) {
		_, err := e.svc.SystemDeleteAttachments(ctx, e.req("anna@acme.test"), acme, []uuid.UUID{payslip.UUID}, e.timers)
		require.Equal(t, "ACCESS_DENIED:attachment_ids", code(err))
		_, err = e.svc.SystemDeleteAttachments(ctx, e.req("eva@borealis.test"), acme, []uuid.UUID{payslip.UUID}, e.timers)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
		_, err = e.svc.SystemDeleteAttachments(ctx, admin, acme, []uuid.UUID{payslip.UUID, uuid.New()}, e.timers)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "an unknown id")
		require.Len(t, e.listed(t, admin, inbox.AdminAttachmentFilter{}), 2)
		require.Empty(t, e.timers.started)
	})

	t.Run("a mixed selection deletes the permitted ones and names the others", func(t *testing.T) {
		d, err := e.svc.SystemDeleteAttachments(ctx, e.req("anna@acme.test"), acme, []uuid.UUID{ledger.UUID, payslip.UUID}, e.timers)
		require.NoError(t, err)
		require.Equal(t, []uuid.UUID{ledger.UUID}, d.Deleted)
		require.Equal(t, []uuid.UUID{payslip.UUID}, d.Refused)
		require.Equal(t, []string{"payslip.txt"}, d.RefusedNames)
		require.WithinDuration(t, time.Now().Add(inbox.UndoWindow), d.UndoUntil, 10*time.Second)
		require.Equal(t, d.UndoUntil, e.timers.started[d.UUID], "the purge timer is set for the end of the window")
		require.Equal(t, []string{"payslip.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{}))

		_, err = e.svc.UndoDeleteAttachments(ctx, admin, d.UUID)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "only the user who deleted may undo")
		require.ErrorIs(t, e.purger.Purge(ctx, d.UUID), inbox.ErrPurgeTooEarly, "never before the window closes")
		require.True(t, e.blobExists(t, ledger))

		back, err := e.svc.UndoDeleteAttachments(ctx, e.req("anna@acme.test"), d.UUID)
		require.NoError(t, err)
		require.Equal(t, []uuid.UUID{ledger.UUID}, back)
		require.Equal(t, []string{"payslip.txt", "ledger.txt"}, e.listed(t, admin, inbox.AdminAttachmentFilter{}))
		_, err = e.svc.UndoDeleteAttachments(ctx, e.req("anna@acme.test"), d.UUID)
		require.Equal(t, "ARGUMENT_ERROR:deletion_already_undone", code(err))

		e.expire(t, d.UUID)
		require.NoError(t, e.purger.Purge(ctx, d.UUID))
		require.True(t, e.blobExists(t, ledger), "an undone deletion removes nothing")
	})

	t.Run("after the minute the undo is refused and the timer removes the files", func(t *testing.T) {
		d, err := e.svc.SystemDeleteAttachments(ctx, admin, acme, []uuid.UUID{ledger.UUID, payslip.UUID}, e.timers)
		require.NoError(t, err)
		require.ElementsMatch(t, []uuid.UUID{ledger.UUID, payslip.UUID}, d.Deleted)
		require.Empty(t, e.listed(t, admin, inbox.AdminAttachmentFilter{}))
		_, err = e.svc.OpenAttachment(ctx, admin, ledger.UUID)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "a deleted attachment cannot be downloaded")

		e.expire(t, d.UUID)
		_, err = e.svc.UndoDeleteAttachments(ctx, admin, d.UUID)
		require.Equal(t, "ARGUMENT_ERROR:undo_time_expired", code(err))
		require.Empty(t, e.listed(t, admin, inbox.AdminAttachmentFilter{}), "nothing came back")
		require.True(t, e.blobExists(t, ledger))

		require.NoError(t, e.purger.Purge(ctx, d.UUID))
		require.False(t, e.blobExists(t, ledger))
		require.False(t, e.blobExists(t, payslip))
		require.NoError(t, e.purger.Purge(ctx, d.UUID), "a second run changes nothing")
		require.NoError(t, e.purger.Purge(ctx, uuid.New()), "a deletion that never committed")

		_, err = e.svc.SystemDeleteAttachments(ctx, admin, acme, []uuid.UUID{ledger.UUID}, e.timers)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "already deleted")
	})
}
