//go:build cluster

package faulttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/cluster/portalclient"
)

// TestBlobStoreDown: versitygw is killed (-9) and kept down, then started
// again on its port and data. Meanwhile uploads through the proxy (a shared
// file, a thread attachment) answer SERVICE_UNAVAILABLE and write no row, and
// downloads answer 503 SERVICE_UNAVAILABLE; afterwards every file and
// attachment row has its blob, and uploads and downloads work again.
func TestBlobStoreDown(t *testing.T) {
	ctx := context.Background()
	admin := signIn(t, "admin@portico.test")
	_, folder := acmeFolder(t)
	var thread string
	require.NoError(t, c.db.QueryRow(ctx, `SELECT t.uuid FROM threads t JOIN companies co ON co.id = t.company_id
		WHERE co.name = 'Acme Oy' AND NOT t.hidden ORDER BY t.id LIMIT 1`).Scan(&thread))
	stamp := time.Now().UnixNano()
	name := func(what string) string { return fmt.Sprintf("blobfault-%d-%s.txt", stamp, what) }
	upload := func(what string) (string, error) {
		uctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		defer cancel()
		return admin.uploadFile(uctx, folder, name(what), []byte("contents of "+what))
	}
	before, err := upload("before")
	require.NoError(t, err)

	c.kill(t, "versitygw", "KILL")
	eventually(t, 30*time.Second, "versitygw's port is closed", func() bool { return !portOpen(c.vars["S3_ENDPOINT"]) })

	// uploads answer that the service is unavailable
	for _, what := range []string{"down-1", "down-2"} {
		start := time.Now()
		_, err := upload(what)
		t.Logf("uploading a file while the blob store is down: %v after %s", err, time.Since(start).Round(time.Millisecond))
		var gerr *portalclient.Error
		require.ErrorAs(t, err, &gerr, "uploading a file answers a GraphQL error")
		assert.Equal(t, "SERVICE_UNAVAILABLE", gerr.Code, "the upload says the service is unavailable")
	}
	actx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	err = admin.Upload(actx, `mutation($t: ID!, $content: Upload!) { createAttachment(taskId: $t, content: $content) {
		attachment { uuid } errors { code message } } }`, map[string]any{"t": thread}, "content", name("down-attachment"),
		bytes.NewReader([]byte("an attachment")), nil)
	cancel()
	var gerr *portalclient.Error
	require.ErrorAs(t, err, &gerr, "uploading an attachment answers a GraphQL error")
	assert.Equal(t, "SERVICE_UNAVAILABLE", gerr.Code, "the attachment says the service is unavailable")

	// downloads too
	status, body := admin.download(t, before)
	assert.Equal(t, http.StatusServiceUnavailable, status, "a download while the blob store is down: %s", body)
	var answer struct{ Errors []struct{ Code string } }
	_ = json.Unmarshal(body, &answer)
	if assert.Len(t, answer.Errors, 1, "%s", body) {
		assert.Equal(t, "SERVICE_UNAVAILABLE", answer.Errors[0].Code, "%s", body)
	}

	// nothing was written of the uploads that failed
	var rows int
	require.NoError(t, c.db.QueryRow(ctx, `SELECT (SELECT count(*) FROM files WHERE filename LIKE $1)
		+ (SELECT count(*) FROM attachments WHERE filename LIKE $1)`, fmt.Sprintf("blobfault-%d-down%%", stamp)).Scan(&rows))
	assert.Zero(t, rows, "no row of an upload that failed")

	out, err := c.script("up", "versitygw")
	require.NoError(t, err, out)
	eventually(t, 60*time.Second, "versitygw is back", func() bool { return portOpen(c.vars["S3_ENDPOINT"]) })

	// every row has its blob
	blobs := map[string]bool{}
	for _, prefix := range []string{"files/", "attachments/"} {
		for _, k := range c.blobKeys(t, prefix) {
			blobs[k] = true
		}
	}
	r, err := c.db.Query(ctx, `SELECT 'file ' || filename, blob_key FROM files
		UNION ALL SELECT 'attachment ' || filename, blob_key FROM attachments WHERE deleted_at IS NULL`)
	require.NoError(t, err)
	var missing []string
	n := 0
	for r.Next() {
		var what, key string
		require.NoError(t, r.Scan(&what, &key))
		n++
		if !blobs[key] {
			missing = append(missing, what+" ("+key+")")
		}
	}
	require.NoError(t, r.Err())
	assert.Empty(t, missing, "every one of the %d file and attachment rows has its blob", n)

	// uploads and downloads work again
	after, err := upload("after")
	require.NoError(t, err, "uploading once the blob store is back")
	for id, want := range map[string]string{before: "contents of before", after: "contents of after"} {
		status, body := admin.download(t, id)
		require.Equal(t, http.StatusOK, status, "%s", body)
		assert.Equal(t, want, string(body))
	}
}
