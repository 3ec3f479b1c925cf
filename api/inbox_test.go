package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"portico/config"
)

func setupInbox(t *testing.T) (env, map[string]*client, string) {
	t.Helper()
	te, users, acme := setupInboxServer(t)
	return te.env, users, acme
}

// setupInboxServer is setupInbox with the server's services (to wait for the
// inbox's fan-outs: Services.Inbox.Settle).
func setupInboxServer(t *testing.T) (testEnv, map[string]*client, string) {
	t.Helper()
	te := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.MaxUploadBytes = 1 << 20
		cfg.ApplicationTokenSecret = testAppSecret
	}, engineMaxUpload: 1000})
	e, seed := te.env, te.seed
	users := map[string]*client{}
	for _, email := range []string{"agent@portico.test", "anna@acme.test", "carl@acme.test", "eva@borealis.test"} {
		c := e.client(t)
		c.signIn(email)
		users[strings.Split(email, "@")[0]] = c
	}
	return te, users, seed.Companies["Acme Oy"].UUID.String()
}

// upload sends a GraphQL multipart request with one file as variable "file".
func (c *client) uploadAs(query string, vars map[string]any, filename string, content []byte) gqlResponse {
	c.t.Helper()
	vars["file"] = nil
	ops, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("operations", string(ops))
	_ = w.WriteField("map", `{"0": ["variables.file"]}`)
	fw, _ := w.CreateFormFile("0", filename)
	_, _ = fw.Write(content)
	_ = w.Close()
	status, res := c.post("/graphql", w.FormDataContentType(), body.Bytes(), c.base)
	require.Equal(c.t, 200, status)
	return res
}

func TestInboxThroughGraphQL(t *testing.T) {
	_, u, acme := setupInbox(t)
	var created struct {
		Task   struct{ UUID, Status string }
		Errors []struct{ Code, Message string }
	}
	u["anna"].gql(`mutation($c: ID!) { createTask(companyId: $c, categoryId: "2", title: "Payroll question", description: "<p>Hi <a href=\"example.com\">x</a></p>") { task { uuid status } errors { code message } } }`,
		map[string]any{"c": acme}, "createTask", &created)
	require.Empty(t, created.Errors)
	require.Equal(t, "created", created.Task.Status)
	id := created.Task.UUID

	list := `query($c: ID) { inboxTasks(companyId: $c, limit: 10) { collection { uuid title description read unreadCount permittedTransitions user { name masked } } totalCount inboxStats { totalCount unreadCount newCount } companyAbilities { companyIds } } }`
	type listJSON struct {
		Collection []struct {
			UUID, Title, Description string
			Read                     bool
			UnreadCount              int
			PermittedTransitions     []string
		}
		TotalCount int
		InboxStats struct{ TotalCount, UnreadCount, NewCount int }
	}
	for _, c := range []struct {
		user   string
		count  int
		unread int
	}{{"agent", 1, 1}, {"anna", 1, 0}, {"carl", 1, 1}, {"eva", 0, 0}} {
		var l listJSON
		vars := map[string]any{"c": acme}
		if c.user == "eva" {
			vars = map[string]any{}
		}
		u[c.user].gql(list, vars, "inboxTasks", &l)
		require.Len(t, l.Collection, c.count, c.user)
		require.Equal(t, c.count, l.TotalCount, c.user)
		require.Equal(t, c.unread, l.InboxStats.UnreadCount, c.user)
		if c.count > 0 {
			require.Contains(t, l.Collection[0].Description, `href="https://example.com"`)
			require.Contains(t, l.Collection[0].Description, `rel="noopener"`)
		}
	}
	require.Equal(t, "RECORD_NOT_FOUND", u["eva"].gqlError(`query($id: ID!) { inboxTask(id: $id) { uuid } }`, map[string]any{"id": id}))

	// a status change by eva is not found, by anna (author) fine
	var st struct {
		Errors []struct{ Code, Message string }
	}
	u["eva"].gql(`mutation($id: ID!) { changeTaskStatus(taskId: $id, status: "closed") { errors { code message } } }`, map[string]any{"id": id}, "changeTaskStatus", &st)
	require.Equal(t, "RECORD_NOT_FOUND", st.Errors[0].Code)

	// upload and download
	res := u["carl"].uploadAs(`mutation($id: ID!, $file: Upload!) { createAttachment(taskId: $id, content: $file) { attachment { uuid url filename fileSize } errors { code message } } }`,
		map[string]any{"id": id}, "slip.txt", []byte("0123456789"))
	require.Empty(t, res.Errors)
	var att struct {
		Attachment struct {
			UUID, URL, Filename string
			FileSize            int
		}
		Errors []struct{ Code, Message string }
	}
	require.NoError(t, json.Unmarshal(res.Data["createAttachment"], &att))
	require.Empty(t, att.Errors)
	require.Equal(t, 10, att.Attachment.FileSize)

	resp, body := u["agent"].get(att.Attachment.URL)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "0123456789", string(body))
	require.Contains(t, resp.Header.Get("Content-Disposition"), `attachment; filename=slip.txt`)
	require.Contains(t, resp.Header.Get("Content-Type"), "text/plain")

	req, _ := http.NewRequest(http.MethodGet, u["anna"].base+att.Attachment.URL, nil)
	req.Header.Set("Range", "bytes=2-4")
	rr, err := u["anna"].http.Do(req)
	require.NoError(t, err)
	b, _ := io.ReadAll(rr.Body)
	rr.Body.Close()
	require.Equal(t, http.StatusPartialContent, rr.StatusCode)
	require.Equal(t, "234", string(b))

	resp, _ = u["eva"].get(att.Attachment.URL)
	require.Equal(t, http.StatusNotFound, resp.StatusCode, "another company's attachment is not found")

	// too large: a catalogue error, nothing stored
	res = u["carl"].uploadAs(`mutation($id: ID!, $file: Upload!) { createAttachment(taskId: $id, content: $file) { attachment { uuid } errors { code message } } }`,
		map[string]any{"id": id}, "big.bin", bytes.Repeat([]byte("x"), 2000))
	require.NoError(t, json.Unmarshal(res.Data["createAttachment"], &att))
	require.Equal(t, "VALIDATION_ERROR", att.Errors[0].Code)
	require.Equal(t, "file_too_large", att.Errors[0].Message)
}
