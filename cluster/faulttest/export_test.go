//go:build cluster

package faulttest

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"

	"portico/temporal"
)

// TestWorkerKilledMidExport: kill -9 the worker that is building a zip of
// shared files (three of 20 MiB: the zip goes up to the blob store in several
// multipart parts), once the first part is up. Its build cannot end before
// the kill: the test holds the export's row, which the build's last step
// updates. Temporal gives the activity to the other worker when its heartbeat
// stops; the export completes there, once: its one row finished, one blob
// under its key, no multipart upload left behind, and it downloads through the
// proxy as a zip with the three files, byte for byte.
func TestWorkerKilledMidExport(t *testing.T) {
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")
	company, folder := acmeFolder(t)
	const files, size = 3, 20 << 20
	want := map[string][32]byte{}
	var ids []string
	stamp := time.Now().UnixNano()
	for i := range files {
		content := make([]byte, size)
		_, _ = rand.Read(content)
		name := fmt.Sprintf("export-fault-%d-%d.bin", stamp, i)
		uctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		id, err := admin.uploadFile(uctx, folder, name, content)
		cancel()
		require.NoError(t, err, "uploading %s", name)
		want[name] = sha256.Sum256(content)
		ids = append(ids, id)
	}

	var started struct {
		Data struct {
			DownloadContentZipFile struct {
				ContentZipFile *struct{ UUID string }           `json:"contentZipFile"`
				Errors         []struct{ Code, Message string } `json:"errors"`
			} `json:"downloadContentZipFile"`
		} `json:"data"`
	}
	admin.mustGraphQL(t, `mutation($c: ID!, $f: [ID!]) { downloadContentZipFile(companyId: $c, fileIds: $f) {
		contentZipFile { uuid } errors { code message } } }`, map[string]any{"c": company, "f": ids}, &started)
	z := started.Data.DownloadContentZipFile.ContentZipFile
	require.NotNil(t, z, "the export started: %+v", started.Data.DownloadContentZipFile.Errors)

	// hold the export's row: the build's last step (recording it archived) waits
	lock, err := c.db.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = lock.Rollback(ctx) }()
	var archived *time.Time
	require.NoError(t, lock.QueryRow(ctx, "SELECT archived_at FROM zip_files WHERE uuid = $1 FOR UPDATE", z.UUID).Scan(&archived))
	require.Nil(t, archived, "the export was still being built when its row was locked")

	// the build is under way: its multipart upload has its first part up
	s3 := minio.Core{Client: c.s3(t)}
	bucket := c.vars["S3_BUCKET"]
	key := "exports/" + company + "/" + z.UUID + ".zip"
	uploads := func() []minio.ObjectMultipartInfo {
		res, err := s3.ListMultipartUploads(ctx, bucket, key, "", "", "", 100)
		require.NoError(t, err)
		return res.Uploads
	}
	eventually(t, 2*time.Minute, "the zip's first part is in the blob store", func() bool {
		for _, u := range uploads() {
			if parts, err := s3.ListObjectParts(ctx, bucket, key, u.UploadID, 0, 10); err == nil && len(parts.ObjectParts) > 0 {
				return true
			}
		}
		return false
	})

	// the worker that runs the build, by its identity in Temporal
	tc := c.temporal(t)
	wid := temporal.ContentZipWorkflowID(z.UUID)
	desc, err := tc.DescribeWorkflowExecution(ctx, wid, "")
	require.NoError(t, err)
	require.Len(t, desc.PendingActivities, 1, "the build is the export's one activity in flight")
	pending := desc.PendingActivities[0]
	require.Equal(t, enumspb.PENDING_ACTIVITY_STATE_STARTED, pending.State)
	holder := c.processOf(t, pending.LastWorkerIdentity, "worker1", "worker2")
	other := map[string]string{"worker1": "worker2", "worker2": "worker1"}[holder]
	survivor, err := c.script("pid", other)
	require.NoError(t, err)
	killed := c.kill(t, holder, "KILL")
	defer c.up(t, holder, c.url(holder+"_ops")+"/readyz")
	require.NoError(t, lock.Rollback(ctx))

	// the other worker builds it again, and it is ready
	var state struct {
		Data struct {
			ContentZipFile *struct {
				ArchivedAt *time.Time `json:"archivedAt"`
				Error      *string    `json:"error"`
			} `json:"contentZipFile"`
		} `json:"data"`
	}
	eventually(t, 3*time.Minute, "the export is ready", func() bool {
		admin.mustGraphQL(t, `query($c: ID!, $id: ID!) { contentZipFile(companyId: $c, id: $id) { archivedAt error } }`,
			map[string]any{"c": company, "id": z.UUID}, &state)
		require.NotNil(t, state.Data.ContentZipFile)
		require.Nil(t, state.Data.ContentZipFile.Error, "the export did not fail")
		return state.Data.ContentZipFile.ArchivedAt != nil
	})

	// once: one row for the request, one blob, no upload left in the store
	var rows int
	require.NoError(t, c.db.QueryRow(ctx, `SELECT count(*) FROM zip_files WHERE request->'fileIds' ?| $1::text[]`, ids).Scan(&rows))
	assert.Equal(t, 1, rows, "one export row for the request")
	assert.Equal(t, []string{key}, c.blobKeys(t, "exports/"+company+"/"+z.UUID), "one blob for the export")
	assert.Empty(t, uploads(), "no multipart upload of the export is left in the blob store")

	// Temporal's history: the build's recorded attempt is a retry, run by the other worker
	var builds []string
	for _, a := range activityStarts(t, tc, wid, func(name string) bool { return name == temporal.BuildContentZipActivity }) {
		builds = append(builds, fmt.Sprintf("attempt %d by %s", a.Attempt, a.Identity))
		assert.GreaterOrEqual(t, a.Attempt, int32(2), "the build was retried")
		assert.True(t, strings.HasPrefix(a.Identity, strings.TrimSpace(survivor)+"@"),
			"the build ran on %s (pid %s), not on the killed %s (pid %d): %s", other, strings.TrimSpace(survivor), holder, killed, a.Identity)
	}
	require.Len(t, builds, 1, "one build in the history: %v", builds)
	t.Logf("killed %s (pid %d) building the zip; %s", holder, killed, builds[0])

	// it downloads through the proxy: a zip of the three files, byte for byte
	status, body := admin.download(t, z.UUID)
	require.Equal(t, http.StatusOK, status, "%.200s", body)
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err, "the download is a zip")
	got := map[string][32]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		h := sha256.New()
		_, err = io.Copy(h, rc)
		rc.Close()
		require.NoError(t, err, "entry %s reads whole", f.Name)
		got[f.Name] = [32]byte(h.Sum(nil))
	}
	assert.Equal(t, want, got, "the zip has the three files, byte for byte")
}
