package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/api"
	"portico/config"
)

// lockedBuffer is a log the server writes to from its handlers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// loggedServer is a server with a small upload limit whose error log the test reads.
func loggedServer(t *testing.T) (*client, *lockedBuffer) {
	t.Helper()
	log := &lockedBuffer{}
	c := testServer(t, serverOpts{configure: func(cfg *config.Config) { cfg.MaxUploadBytes = 2000 },
		adjust: func(d *api.Deps) {
			d.Log = slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelError}))
		}}).client(t)
	c.signIn("anna@acme.test")
	return c, log
}

// An upload over the limit is ARGUMENT_ERROR file_too_large, whether its
// length is declared or it comes chunked, and is no unexpected failure
// (issue 17 item 15).
func TestUploadOverTheLimitIsACatalogueError(t *testing.T) {
	c, log := loggedServer(t)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	require.NoError(t, mw.WriteField("operations", `{"query": "mutation($f: Upload!) { createFile(content: $f, folderId: \"x\") { errors { code } } }", "variables": {"f": null}}`))
	require.NoError(t, mw.WriteField("map", `{"0": ["variables.f"]}`))
	fw, err := mw.CreateFormFile("0", "big.bin")
	require.NoError(t, err)
	_, _ = fw.Write(bytes.Repeat([]byte("x"), 10_000))
	require.NoError(t, mw.Close())

	for name, reader := range map[string]func() io.Reader{
		"declared length": func() io.Reader { return bytes.NewReader(body.Bytes()) },
		// a plain reader has no length: the request goes chunked
		"chunked": func() io.Reader { return io.MultiReader(bytes.NewReader(body.Bytes())) },
	} {
		req, err := http.NewRequest(http.MethodPost, c.base+"/graphql", reader())
		require.NoError(t, err)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Origin", c.base)
		res, err := c.http.Do(req)
		require.NoError(t, err)
		var out gqlResponse
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		res.Body.Close()
		require.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode, name)
		require.Len(t, out.Errors, 1, name)
		require.Equal(t, "file_too_large", out.Errors[0].Message, name)
		require.Equal(t, "ARGUMENT_ERROR", out.Errors[0].Extensions["code"], name)
	}
	require.Empty(t, log.String())
}

// Introspection is off: the API answers ACCESS_DENIED introspection_disabled,
// also through a fragment, and logs no unexpected failure; __typename stays
// (docs/decisions).
func TestIntrospectionIsACatalogueError(t *testing.T) {
	c, log := loggedServer(t)
	for _, q := range []string{
		`{ __schema { queryType { name } } }`,
		`{ __type(name: "User") { name } }`,
		`query { ...Intro } fragment Intro on Query { __schema { types { name } } }`,
	} {
		_, res := c.graphql(q, nil)
		require.Len(t, res.Errors, 1, q)
		require.Equal(t, "introspection_disabled", res.Errors[0].Message, q)
		require.Equal(t, "ACCESS_DENIED", res.Errors[0].Extensions["code"], q)
	}
	var user struct {
		Typename string `json:"__typename"`
	}
	c.gql(`{ currentUser { __typename } }`, nil, "currentUser", &user)
	require.Equal(t, "User", user.Typename)
	require.Empty(t, log.String())
}
