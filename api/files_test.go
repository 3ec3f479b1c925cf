package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/config"
	"portico/demo"
	"portico/engine/blob"
	"portico/engine/files"
)

// syncStarter builds exports at once, where a Temporal worker would build
// them a moment later: the polling queries see the finished state.
type syncStarter struct{ exp *files.Exporter }

func (s syncStarter) StartThreadPDF(ctx context.Context, id uuid.UUID) error {
	return s.exp.ThreadPDF(ctx, id)
}
func (s syncStarter) StartInboxZip(ctx context.Context, id uuid.UUID) error {
	return s.exp.InboxZip(ctx, id)
}
func (s syncStarter) StartContentZip(ctx context.Context, id uuid.UUID) error {
	return s.exp.ContentZip(ctx, id)
}

type filesEnv struct {
	env
	seed  demo.Seeded
	blobs *blob.Local
	acme  string
	users map[string]*client
}

func setupFiles(t *testing.T) filesEnv {
	t.Helper()
	e := testServer(t, serverOpts{configure: func(cfg *config.Config) { cfg.MaxUploadBytes = 1 << 20 }, engineMaxUpload: 1000})
	seed := e.seed
	fe := filesEnv{env: e.env, seed: seed, blobs: e.blobs, acme: seed.Companies["Acme Oy"].UUID.String(),
		users: map[string]*client{}}
	for _, email := range []string{"agentadmin@portico.test", "agent@portico.test", "anna@acme.test", "carl@acme.test", "eva@borealis.test"} {
		c := fe.client(t)
		c.signIn(email)
		fe.users[strings.Split(email, "@")[0]] = c
	}
	return fe
}

func (fe filesEnv) as(t *testing.T, who string) *client {
	c := fe.users[who]
	c.t = t
	return c
}

// upload sends createFile as a GraphQL multipart request.
func (c *client) upload(folderID, filename, description string, content []byte) (int, gqlResponse) {
	c.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	ops, _ := json.Marshal(map[string]any{
		"query": `mutation($content: Upload!, $folderId: ID!, $description: String) {
		  createFile(content: $content, folderId: $folderId, description: $description) {
		    file { uuid filename description fileSize extension folder { uuid name } uploader { name } activityId canUpdate canDestroy }
		    errors { code message field } } }`,
		"variables": map[string]any{"content": nil, "folderId": folderID, "description": description},
	})
	require.NoError(c.t, mw.WriteField("operations", string(ops)))
	require.NoError(c.t, mw.WriteField("map", `{"0": ["variables.content"]}`))
	fw, err := mw.CreateFormFile("0", filename)
	require.NoError(c.t, err)
	_, _ = fw.Write(content)
	require.NoError(c.t, mw.Close())
	return c.post("/graphql", mw.FormDataContentType(), body.Bytes(), c.base)
}

type fileJSON struct {
	UUID        string  `json:"uuid"`
	Filename    string  `json:"filename"`
	Description *string `json:"description"`
	FileSize    int     `json:"fileSize"`
	Extension   string  `json:"extension"`
	Folder      struct {
		UUID string `json:"uuid"`
		Name string `json:"name"`
	} `json:"folder"`
	Uploader   *struct{ Name string } `json:"uploader"`
	ActivityID *string                `json:"activityId"`
	CanUpdate  bool                   `json:"canUpdate"`
	CanDestroy bool                   `json:"canDestroy"`
}

type folderJSON struct {
	UUID           string  `json:"uuid"`
	Name           string  `json:"name"`
	ParentFolderID *string `json:"parentFolderId"`
	FoldersCount   int     `json:"foldersCount"`
	CanAddChild    bool    `json:"canAddChild"`
	Category       struct {
		Name string `json:"name"`
	} `json:"category"`
}

const folderFields = `uuid name parentFolderId foldersCount canAddChild category { name }`

func (fe filesEnv) roots(t *testing.T, who string) map[string]folderJSON {
	var out struct {
		Collection []folderJSON `json:"collection"`
		TotalCount int          `json:"totalCount"`
	}
	fe.as(t, who).gql(`query($c: ID!) { folders(companyId: $c, roots: true) { collection { `+folderFields+` } totalCount } }`,
		map[string]any{"c": fe.acme}, "folders", &out)
	m := map[string]folderJSON{}
	for _, f := range out.Collection {
		m[f.Name] = f
	}
	return m
}

func TestFilesThroughGraphQL(t *testing.T) {
	fe := setupFiles(t)
	acc := fe.roots(t, "agent")["Accounting"]
	assert.Len(t, fe.roots(t, "carl"), 1, "Carl sees the Payroll root only")

	// createFolder: an agent may, a customer may not, bad names are refused
	var fp struct {
		Folder *folderJSON   `json:"folder"`
		Errors []mutationErr `json:"errors"`
	}
	create := `mutation($n: String!, $p: ID, $c: ID!) { createFolder(name: $n, parentFolderId: $p, companyId: $c) {
	  folder { ` + folderFields + ` } errors { code message field } } }`
	fe.as(t, "anna").gql(create, map[string]any{"n": "Mine", "p": acc.UUID, "c": fe.acme}, "createFolder", &fp)
	require.Len(t, fp.Errors, 1)
	assert.Equal(t, "ACCESS_DENIED", fp.Errors[0].Code)
	assert.Nil(t, fp.Folder)
	fe.as(t, "agent").gql(create, map[string]any{"n": "a/b", "p": acc.UUID, "c": fe.acme}, "createFolder", &fp)
	require.Len(t, fp.Errors, 1)
	assert.Equal(t, mutationErr{Code: "VALIDATION_ERROR", Message: "name_has_invalid_characters", Field: ptr("name")}, fp.Errors[0])
	fe.as(t, "agent").gql(create, map[string]any{"n": "Raportit", "p": acc.UUID, "c": fe.acme}, "createFolder", &fp)
	require.Empty(t, fp.Errors)
	reports := *fp.Folder
	assert.Equal(t, acc.UUID, *reports.ParentFolderID)
	assert.True(t, reports.CanAddChild)
	assert.Equal(t, "Accounting", reports.Category.Name)

	// updateFolder and the root rule
	fe.as(t, "agent").gql(`mutation($id: ID!, $n: String) { updateFolder(folderId: $id, name: $n) { folder { name } errors { code message } } }`,
		map[string]any{"id": acc.UUID, "n": "Books"}, "updateFolder", &fp)
	require.Len(t, fp.Errors, 1)
	assert.Equal(t, "root_folder_cannot_be_changed", fp.Errors[0].Message)

	// createFile through multipart, with a description
	status, res := fe.as(t, "anna").upload(reports.UUID, "tase 2026.txt", "Tase", []byte("vastaavaa ja vastattavaa"))
	require.Equal(t, http.StatusOK, status)
	require.Empty(t, res.Errors)
	var created struct {
		File   *fileJSON     `json:"file"`
		Errors []mutationErr `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(res.Data["createFile"], &created))
	require.Empty(t, created.Errors)
	f := *created.File
	assert.Equal(t, "tase 2026.txt", f.Filename)
	assert.Equal(t, "Tase", *f.Description)
	assert.Equal(t, 24, f.FileSize)
	assert.Equal(t, "txt", f.Extension)
	assert.Equal(t, "Anna Acme", f.Uploader.Name)
	assert.NotNil(t, f.ActivityID)
	assert.True(t, f.CanUpdate)
	assert.True(t, f.CanDestroy, "own upload")

	// too large and a bad name: catalogue errors, nothing stored
	_, res = fe.as(t, "anna").upload(reports.UUID, "big.bin", "", bytes.Repeat([]byte("x"), 1001))
	require.NoError(t, json.Unmarshal(res.Data["createFile"], &created))
	require.Len(t, created.Errors, 1)
	assert.Equal(t, "file_is_too_large", created.Errors[0].Message)
	_, res = fe.as(t, "carl").upload(reports.UUID, "x.txt", "", []byte("x"))
	require.NoError(t, json.Unmarshal(res.Data["createFile"], &created))
	require.Len(t, created.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", created.Errors[0].Code)
	var n int
	require.NoError(t, fe.st.Pool.QueryRow(context.Background(), "SELECT count(*) FROM files").Scan(&n))
	assert.Equal(t, 1, n)

	// companyFiles, updateFile, activities
	var list struct {
		Collection []fileJSON `json:"collection"`
		TotalCount int        `json:"totalCount"`
	}
	fe.as(t, "agent").gql(`query($c: ID!, $f: ID!) { companyFiles(companyId: $c, folderId: $f) { collection { uuid filename canUpdate canDestroy } totalCount } }`,
		map[string]any{"c": fe.acme, "f": reports.UUID}, "companyFiles", &list)
	require.Equal(t, 1, list.TotalCount)
	assert.True(t, list.Collection[0].CanDestroy)
	fe.as(t, "anna").gql(`mutation($id: ID!, $n: String) { updateFile(fileId: $id, filename: $n) { file { filename } errors { code message } } }`,
		map[string]any{"id": f.UUID, "n": "tase.txt"}, "updateFile", &created)
	require.Empty(t, created.Errors)
	assert.Equal(t, "tase.txt", created.File.Filename)
	var acts []struct {
		Key          string         `json:"key"`
		Icon         string         `json:"icon"`
		AdditionArgs map[string]any `json:"additionArgs"`
		Creator      struct{ Name string }
	}
	fe.as(t, "anna").gql(`query($c: ID!, $f: ID!) { activities(companyId: $c, fileId: $f) { key icon additionArgs creator { name } } }`,
		map[string]any{"c": fe.acme, "f": f.UUID}, "activities", &acts)
	require.Len(t, acts, 2)
	assert.Equal(t, "company_file.rename", acts[0].Key)
	assert.Equal(t, "tase.txt", acts[0].AdditionArgs["newFilename"])
	assert.Equal(t, "company_file.create", acts[1].Key)
	assert.Equal(t, "RECORD_NOT_FOUND", fe.as(t, "eva").gqlError(`query($c: ID!, $f: ID!) { activities(companyId: $c, fileId: $f) { key } }`,
		map[string]any{"c": fe.acme, "f": f.UUID}))

	// moveFiles: not into the current folder; then into a subfolder
	var mp struct {
		Success bool          `json:"success"`
		Folder  *folderJSON   `json:"folder"`
		Errors  []mutationErr `json:"errors"`
	}
	move := `mutation($ids: [ID!]!, $f: ID!) { moveFiles(fileIds: $ids, folderId: $f) { success folder { name } errors { code message } } }`
	fe.as(t, "agent").gql(move, map[string]any{"ids": []string{f.UUID}, "f": reports.UUID}, "moveFiles", &mp)
	require.Len(t, mp.Errors, 1)
	assert.Equal(t, "cannot_move_to_current_folder", mp.Errors[0].Message)
	assert.False(t, mp.Success)
	fe.as(t, "agent").gql(create, map[string]any{"n": "Q1", "p": reports.UUID, "c": fe.acme}, "createFolder", &fp)
	q1 := *fp.Folder
	fe.as(t, "agent").gql(move, map[string]any{"ids": []string{f.UUID}, "f": q1.UUID}, "moveFiles", &mp)
	require.Empty(t, mp.Errors)
	assert.True(t, mp.Success)
	assert.Equal(t, "Q1", mp.Folder.Name)

	// downloadContentZipFile of the folder, then contentZipFile polling
	var zp struct {
		ContentZipFile *struct {
			UUID       string  `json:"uuid"`
			ArchivedAt *string `json:"archivedAt"`
		} `json:"contentZipFile"`
		Errors []mutationErr `json:"errors"`
	}
	fe.as(t, "anna").gql(`mutation($c: ID!, $f: ID) { downloadContentZipFile(companyId: $c, folderId: $f) { contentZipFile { uuid } errors { code message } } }`,
		map[string]any{"c": fe.acme, "f": reports.UUID}, "downloadContentZipFile", &zp)
	require.Empty(t, zp.Errors)
	var state struct {
		ArchivedAt *string `json:"archivedAt"`
		Error      *string `json:"error"`
	}
	fe.as(t, "anna").gql(`query($c: ID!, $id: ID!) { contentZipFile(companyId: $c, id: $id) { archivedAt error } }`,
		map[string]any{"c": fe.acme, "id": zp.ContentZipFile.UUID}, "contentZipFile", &state)
	assert.NotNil(t, state.ArchivedAt)
	assert.Nil(t, state.Error)
	res2, body := fe.as(t, "anna").get("/api/download/" + zp.ContentZipFile.UUID)
	require.Equal(t, http.StatusOK, res2.StatusCode, string(body))
	assert.Equal(t, "application/zip", res2.Header.Get("Content-Type"))
	assert.Equal(t, `attachment; filename=Raportit.zip`, res2.Header.Get("Content-Disposition"))
	assert.Equal(t, []byte("PK"), body[:2])
	res2, _ = fe.as(t, "agent").get("/api/download/" + zp.ContentZipFile.UUID)
	assert.Equal(t, http.StatusNotFound, res2.StatusCode, "another user's zip")
	// a shared file downloads whole or by range, for those who may read it
	res2, body = fe.as(t, "agent").get("/api/download/" + f.UUID)
	require.Equal(t, http.StatusOK, res2.StatusCode)
	assert.Equal(t, "vastaavaa ja vastattavaa", string(body))
	assert.Equal(t, `attachment; filename=tase.txt`, res2.Header.Get("Content-Disposition"))
	req, _ := http.NewRequest(http.MethodGet, fe.srv.URL+"/api/download/"+f.UUID, nil)
	req.Header.Set("Range", "bytes=0-8")
	rr, err := fe.as(t, "anna").http.Do(req)
	require.NoError(t, err)
	part, _ := io.ReadAll(rr.Body)
	rr.Body.Close()
	assert.Equal(t, http.StatusPartialContent, rr.StatusCode)
	assert.Equal(t, "vastaavaa", string(part))
	for _, who := range []string{"carl", "eva"} {
		res2, _ = fe.as(t, who).get("/api/download/" + f.UUID)
		assert.Equal(t, http.StatusNotFound, res2.StatusCode, who)
	}
	assert.Equal(t, "RECORD_NOT_FOUND", fe.as(t, "agent").gqlError(`query($c: ID!, $id: ID!) { contentZipFile(companyId: $c, id: $id) { archivedAt } }`,
		map[string]any{"c": fe.acme, "id": zp.ContentZipFile.UUID}), "another user's zip")
	fe.as(t, "eva").gql(`mutation($c: ID!, $ids: [ID!]) { downloadContentZipFile(companyId: $c, fileIds: $ids) { contentZipFile { uuid } errors { code message } } }`,
		map[string]any{"c": fe.seed.Companies["Borealis AB"].UUID.String(), "ids": []string{f.UUID}}, "downloadContentZipFile", &zp)
	require.Len(t, zp.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", zp.Errors[0].Code, "another company's files")

	// deleteFiles: carl's own goes, anna's is named
	pay := fe.roots(t, "carl")["Payroll"]
	_, res = fe.as(t, "carl").upload(pay.UUID, "carl.txt", "", []byte("c"))
	require.NoError(t, json.Unmarshal(res.Data["createFile"], &created))
	carls := created.File.UUID
	_, res = fe.as(t, "anna").upload(pay.UUID, "anna.txt", "", []byte("a"))
	require.NoError(t, json.Unmarshal(res.Data["createFile"], &created))
	annas := created.File.UUID
	var dp struct {
		Success         bool          `json:"success"`
		DeletedIds      []string      `json:"deletedIds"`
		NotAllowedFiles []fileJSON    `json:"notAllowedFiles"`
		Errors          []mutationErr `json:"errors"`
	}
	del := `mutation($ids: [ID!]!, $c: ID!) { deleteFiles(fileIds: $ids, companyId: $c) { success deletedIds notAllowedFiles { uuid filename } errors { code message } } }`
	fe.as(t, "carl").gql(del, map[string]any{"ids": []string{carls, annas}, "c": fe.acme}, "deleteFiles", &dp)
	assert.True(t, dp.Success)
	assert.Equal(t, []string{carls}, dp.DeletedIds)
	require.Len(t, dp.NotAllowedFiles, 1)
	assert.Equal(t, "anna.txt", dp.NotAllowedFiles[0].Filename)
	fe.as(t, "carl").gql(del, map[string]any{"ids": []string{annas}, "c": fe.acme}, "deleteFiles", &dp)
	assert.False(t, dp.Success)
	require.Len(t, dp.Errors, 1)
	assert.Equal(t, "files_cannot_be_deleted", dp.Errors[0].Message)

	// deleteFolder: agent admins only
	var sp struct {
		Success bool          `json:"success"`
		Errors  []mutationErr `json:"errors"`
	}
	delFolder := `mutation($id: ID!) { deleteFolder(folderId: $id) { success errors { code message } } }`
	fe.as(t, "agent").gql(delFolder, map[string]any{"id": reports.UUID}, "deleteFolder", &sp)
	assert.False(t, sp.Success)
	fe.as(t, "agentadmin").gql(delFolder, map[string]any{"id": reports.UUID}, "deleteFolder", &sp)
	assert.True(t, sp.Success)
	assert.Equal(t, "RECORD_NOT_FOUND", fe.as(t, "agent").gqlError(`query($c: ID!, $id: ID!) { folder(companyId: $c, id: $id) { uuid } }`,
		map[string]any{"c": fe.acme, "id": reports.UUID}))
}

func TestThreadExportsThroughGraphQL(t *testing.T) {
	fe := setupFiles(t)
	ctx := context.Background()
	co, anna := fe.seed.Companies["Acme Oy"].ID, fe.seed.Users["anna@acme.test"].ID
	var thread int64
	var task uuid.UUID
	require.NoError(t, fe.st.Pool.QueryRow(ctx, `INSERT INTO threads (company_id, category_id, title, author_id)
		VALUES ($1, $2, 'Kysymys', $3) RETURNING id, uuid`, co, fe.seed.Categories["Accounting"].ID, anna).Scan(&thread, &task))
	_, err := fe.blobs.Put(ctx, "attachments/a", strings.NewReader("liite"))
	require.NoError(t, err)
	var att uuid.UUID
	require.NoError(t, fe.st.Pool.QueryRow(ctx, `INSERT INTO attachments (company_id, thread_id, uploader_id, filename, file_size, blob_key)
		VALUES ($1, $2, $3, 'liite.txt', 5, 'attachments/a') RETURNING uuid`, co, thread, anna).Scan(&att))

	var pp struct {
		PDFFile *struct{ UUID string } `json:"pdfFile"`
		Errors  []mutationErr          `json:"errors"`
	}
	gen := `mutation($t: ID!, $c: ID!) { generatePdfFile(taskId: $t, companyId: $c) { pdfFile { uuid } errors { code message } } }`
	fe.as(t, "anna").gql(gen, map[string]any{"t": task.String(), "c": fe.acme}, "generatePdfFile", &pp)
	require.Empty(t, pp.Errors)
	var pdfState struct {
		GeneratedAt *string `json:"generatedAt"`
	}
	fe.as(t, "anna").gql(`query($id: ID!, $c: ID!) { inboxPdfFile(id: $id, companyId: $c) { generatedAt error } }`,
		map[string]any{"id": pp.PDFFile.UUID, "c": fe.acme}, "inboxPdfFile", &pdfState)
	assert.NotNil(t, pdfState.GeneratedAt)
	for _, who := range []string{"carl", "eva"} {
		fe.as(t, who).gql(gen, map[string]any{"t": task.String(), "c": fe.acme}, "generatePdfFile", &pp)
		require.Len(t, pp.Errors, 1, who)
		assert.Equal(t, "RECORD_NOT_FOUND", pp.Errors[0].Code, who)
	}

	var zp struct {
		InboxZipFile *struct{ UUID string } `json:"inboxZipFile"`
		Errors       []mutationErr          `json:"errors"`
	}
	zip := `mutation($t: ID!, $c: ID!, $a: [ID!]) { downloadInboxZipFile(taskId: $t, companyId: $c, attachmentIds: $a) { inboxZipFile { uuid } errors { code message } } }`
	fe.as(t, "agent").gql(zip, map[string]any{"t": task.String(), "c": fe.acme, "a": []string{att.String()}}, "downloadInboxZipFile", &zp)
	require.Empty(t, zp.Errors)
	var zipState struct {
		ArchivedAt *string `json:"archivedAt"`
	}
	fe.as(t, "agent").gql(`query($id: ID!, $c: ID!) { inboxZipFile(id: $id, companyId: $c) { archivedAt error } }`,
		map[string]any{"id": zp.InboxZipFile.UUID, "c": fe.acme}, "inboxZipFile", &zipState)
	assert.NotNil(t, zipState.ArchivedAt)
	fe.as(t, "agent").gql(zip, map[string]any{"t": task.String(), "c": fe.acme, "a": []string{uuid.NewString()}}, "downloadInboxZipFile", &zp)
	require.Len(t, zp.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", zp.Errors[0].Code)
	fe.as(t, "agent").gql(zip, map[string]any{"t": "not-a-uuid", "c": fe.acme}, "downloadInboxZipFile", &zp)
	require.Len(t, zp.Errors, 1)
	assert.Equal(t, "RECORD_NOT_FOUND", zp.Errors[0].Code)
}

func ptr[T any](v T) *T { return &v }
