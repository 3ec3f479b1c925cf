package files_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/files"
)

// code is the catalogue code and key of err ("" for none).
func code(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := apperr.As(err); ok {
		return string(e.Code) + ":" + e.Message
	}
	return "unexpected:" + err.Error()
}

func names(fs []files.Folder) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func TestFolderRootsPerViewer(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	tests := []struct {
		who     string
		company uuid.UUID
		want    []string
		err     string
	}{
		{"agent@portico.test", e.acme, []string{"Accounting", "HR", "Internal", "Payroll"}, ""},
		{"admin@portico.test", e.acme, []string{"Accounting", "HR", "Internal", "Payroll"}, ""},
		{"anna@acme.test", e.acme, []string{"Accounting", "HR", "Payroll"}, ""},
		{"carl@acme.test", e.acme, []string{"Payroll"}, ""},
		{"eva@borealis.test", e.bor, []string{"Accounting", "HR", "Payroll"}, ""},
		{"eva@borealis.test", e.acme, nil, "RECORD_NOT_FOUND:record_not_found"},
		{"kalle@kalev.test", e.seed.Companies["Kalev AS"].UUID, nil, "ACCESS_DENIED:access_denied"},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			page, err := e.svc.Folders(ctx, e.req(tt.who), files.FolderQuery{CompanyID: tt.company, Roots: true})
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				return
			}
			assert.Equal(t, tt.want, names(page.Folders))
			assert.EqualValues(t, len(tt.want), page.TotalCount)
		})
	}
	// roots are made once, however often the tree is read
	assert.Equal(t, 4, e.count(t, "SELECT count(*) FROM folders WHERE company_id = $1 AND parent_id IS NULL", e.seed.Companies["Acme Oy"].ID))
}

func TestFolderChildrenPagingAndCanAddChild(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	root := e.root(t, e.acme, "Accounting")
	for i := range 33 {
		e.folder(t, root.UUID, fmt.Sprintf("F%02d", i))
	}
	agent := e.req("agent@portico.test")
	page1, err := e.svc.Folders(ctx, agent, files.FolderQuery{CompanyID: e.acme, Parent: &root.UUID})
	require.NoError(t, err)
	require.Len(t, page1.Folders, 30)
	assert.EqualValues(t, 33, page1.TotalCount)
	assert.Equal(t, "F00", page1.Folders[0].Name)
	assert.True(t, page1.Folders[0].CanAddChild)
	two := 2
	page2, err := e.svc.Folders(ctx, agent, files.FolderQuery{CompanyID: e.acme, Parent: &root.UUID, Page: &two})
	require.NoError(t, err)
	assert.Equal(t, []string{"F30", "F31", "F32"}, names(page2.Folders))

	roots, err := e.svc.Folders(ctx, agent, files.FolderQuery{CompanyID: e.acme, Roots: true})
	require.NoError(t, err)
	assert.EqualValues(t, 33, roots.Folders[0].FoldersCount)

	// customers read folders but may not add any
	anna, err := e.svc.Folder(ctx, e.req("anna@acme.test"), e.acme, root.UUID)
	require.NoError(t, err)
	assert.False(t, anna.CanAddChild)
	// a folder of a category the viewer cannot read is not found
	_, err = e.svc.Folders(ctx, e.req("carl@acme.test"), files.FolderQuery{CompanyID: e.acme, Parent: &root.UUID})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
}

func TestCreateFolder(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	pay := e.root(t, e.acme, "Payroll")
	e.folder(t, acc.UUID, "Taken")
	missing := uuid.New()
	tests := []struct {
		name    string
		who     string
		company uuid.UUID
		parent  *uuid.UUID
		folder  string
		err     string
	}{
		{"agent in Accounting", "agent@portico.test", e.acme, &acc.UUID, "  Reports 2026 ", ""},
		{"agent admin in Payroll", "agentadmin@portico.test", e.acme, &pay.UUID, "Salaries", ""},
		{"Finnish letters", "agent@portico.test", e.acme, &acc.UUID, "Tilinpäätös ÅÖ", ""},
		{"customer admin may not", "anna@acme.test", e.acme, &acc.UUID, "Mine", "ACCESS_DENIED:access_denied"},
		{"customer outside the category", "carl@acme.test", e.acme, &acc.UUID, "Mine", "RECORD_NOT_FOUND:record_not_found"},
		{"other company's user", "eva@borealis.test", e.acme, &acc.UUID, "X", "RECORD_NOT_FOUND:record_not_found"},
		{"other company's folder", "agent@portico.test", e.bor, &acc.UUID, "X", "RECORD_NOT_FOUND:record_not_found"},
		{"unknown parent", "agent@portico.test", e.acme, &missing, "X", "RECORD_NOT_FOUND:record_not_found"},
		{"no parent: roots are the system's", "agent@portico.test", e.acme, nil, "X", "VALIDATION_ERROR:parent_folder_is_required"},
		{"empty name", "agent@portico.test", e.acme, &acc.UUID, "   ", "VALIDATION_ERROR:name_cannot_be_blank"},
		{"slash", "agent@portico.test", e.acme, &acc.UUID, "a/b", "VALIDATION_ERROR:name_has_invalid_characters"},
		{"backslash", "agent@portico.test", e.acme, &acc.UUID, `a\b`, "VALIDATION_ERROR:name_has_invalid_characters"},
		{"control character", "agent@portico.test", e.acme, &acc.UUID, "a\x07b", "VALIDATION_ERROR:name_has_invalid_characters"},
		{"dot dot", "agent@portico.test", e.acme, &acc.UUID, "..", "VALIDATION_ERROR:name_has_invalid_characters"},
		{"taken, any case", "agent@portico.test", e.acme, &acc.UUID, "taken", "VALIDATION_ERROR:name_has_already_been_taken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.count(t, "SELECT count(*) FROM folders")
			logs := e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files'")
			f, err := e.svc.CreateFolder(ctx, e.req(tt.who), tt.company, tt.parent, tt.folder)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				assert.Equal(t, before, e.count(t, "SELECT count(*) FROM folders"), "nothing changed")
				assert.Equal(t, logs, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files'"))
				return
			}
			assert.Equal(t, before+1, e.count(t, "SELECT count(*) FROM folders"))
			assert.Equal(t, logs+1, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'folder_created'"))
			assert.Equal(t, *tt.parent, *f.ParentUUID)
			assert.EqualValues(t, 2, f.Depth)
			ev, ok := e.pub.last("folder.create")
			require.True(t, ok)
			assert.Equal(t, f.UUID, ev.Data["uuid"])
		})
	}
}

func TestFolderDepthLimit(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	parent := e.root(t, e.acme, "Accounting")
	for d := 2; d <= files.MaxDepth; d++ {
		parent = e.folder(t, parent.UUID, fmt.Sprintf("L%d", d))
	}
	require.EqualValues(t, 24, parent.Depth)
	assert.False(t, parent.CanAddChild, "the 24th level may not have children")
	_, err := e.svc.CreateFolder(ctx, e.req("agent@portico.test"), e.acme, &parent.UUID, "L25")
	assert.Equal(t, "VALIDATION_ERROR:folder_depth_limit_reached", code(err))
	assert.Equal(t, 0, e.count(t, "SELECT count(*) FROM folders WHERE name = 'L25'"))

	// a move that would push the deepest folder past 24 levels is refused too
	other := e.folder(t, e.root(t, e.acme, "Accounting").UUID, "Other")
	l3, err := e.svc.Folders(ctx, e.req("agent@portico.test"), files.FolderQuery{CompanyID: e.acme, Parent: &other.UUID})
	require.NoError(t, err)
	require.Empty(t, l3.Folders)
	var l2 files.Folder
	root := e.root(t, e.acme, "Accounting")
	children, err := e.svc.Folders(ctx, e.req("agent@portico.test"), files.FolderQuery{CompanyID: e.acme, Parent: &root.UUID})
	require.NoError(t, err)
	for _, f := range children.Folders {
		if f.Name == "L2" {
			l2 = f
		}
	}
	_, err = e.svc.UpdateFolder(ctx, e.req("agent@portico.test"), l2.UUID, nil, &other.UUID)
	assert.Equal(t, "VALIDATION_ERROR:folder_depth_limit_reached", code(err))
}

func TestUpdateFolder(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	pay := e.root(t, e.acme, "Payroll")
	a := e.folder(t, acc.UUID, "A")
	b := e.folder(t, a.UUID, "B")
	c := e.folder(t, b.UUID, "C")
	e.folder(t, acc.UUID, "Sibling")
	name := func(s string) *string { return &s }
	tests := []struct {
		name   string
		who    string
		id     uuid.UUID
		rename *string
		parent *uuid.UUID
		err    string
	}{
		{"root cannot be renamed", "agentadmin@portico.test", acc.UUID, name("Books"), nil, "ACCESS_DENIED:root_folder_cannot_be_changed"},
		{"root cannot be moved", "agentadmin@portico.test", pay.UUID, nil, &acc.UUID, "ACCESS_DENIED:root_folder_cannot_be_changed"},
		{"customer may not rename", "anna@acme.test", a.UUID, name("Mine"), nil, "ACCESS_DENIED:access_denied"},
		{"hidden category", "carl@acme.test", a.UUID, name("Mine"), nil, "RECORD_NOT_FOUND:record_not_found"},
		{"other company", "eva@borealis.test", a.UUID, name("Mine"), nil, "RECORD_NOT_FOUND:record_not_found"},
		{"empty name", "agent@portico.test", a.UUID, name(" "), nil, "VALIDATION_ERROR:name_cannot_be_blank"},
		{"name taken", "agent@portico.test", a.UUID, name("sibling"), nil, "VALIDATION_ERROR:name_has_already_been_taken"},
		{"into itself", "agent@portico.test", a.UUID, nil, &a.UUID, "VALIDATION_ERROR:cannot_move_folder_into_itself"},
		{"into a child", "agent@portico.test", a.UUID, nil, &b.UUID, "VALIDATION_ERROR:cannot_move_folder_into_itself"},
		{"into a grandchild", "agent@portico.test", a.UUID, name("Renamed too"), &c.UUID, "VALIDATION_ERROR:cannot_move_folder_into_itself"},
		{"rename", "agent@portico.test", a.UUID, name(" Archive "), nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.count(t, "SELECT count(*) FROM folders WHERE name IN ('Archive', 'A', 'Renamed too') AND parent_id IS NOT DISTINCT FROM (SELECT id FROM folders WHERE uuid = $1)", acc.UUID)
			f, err := e.svc.UpdateFolder(ctx, e.req(tt.who), tt.id, tt.rename, tt.parent)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" {
				assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM folders WHERE uuid = $1 AND name = 'A'", a.UUID), "nothing changed")
				assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM folders WHERE uuid = $1 AND name = 'Accounting'", acc.UUID))
				return
			}
			assert.Equal(t, 1, before)
			assert.Equal(t, "Archive", f.Name)
		})
	}

	// a move to another root takes the subtree into that category, depths kept right
	moved, err := e.svc.UpdateFolder(ctx, e.req("agent@portico.test"), b.UUID, nil, &pay.UUID)
	require.NoError(t, err)
	assert.Equal(t, pay.CategoryID, moved.CategoryID)
	assert.EqualValues(t, 2, moved.Depth)
	assert.Equal(t, pay.UUID, *moved.ParentUUID)
	cc, err := e.svc.Folder(ctx, e.req("agent@portico.test"), e.acme, c.UUID)
	require.NoError(t, err)
	assert.Equal(t, pay.CategoryID, cc.CategoryID)
	assert.EqualValues(t, 3, cc.Depth)
	// carl (Payroll only) now sees the moved folders
	_, err = e.svc.Folder(ctx, e.req("carl@acme.test"), e.acme, c.UUID)
	assert.NoError(t, err)
	assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM events_log WHERE event_category = 'Files' AND event_name = 'folder_moved'"))
}

func TestDeleteFolder(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acc := e.root(t, e.acme, "Accounting")
	a := e.folder(t, acc.UUID, "A")
	b := e.folder(t, a.UUID, "B")
	f := e.upload(t, "anna@acme.test", b.UUID, "deep.txt", "deep")
	tests := []struct {
		name string
		who  string
		id   uuid.UUID
		err  string
	}{
		{"root", "agentadmin@portico.test", acc.UUID, "ACCESS_DENIED:root_folder_cannot_be_deleted"},
		{"agent user may not", "agent@portico.test", a.UUID, "ACCESS_DENIED:access_denied"},
		{"customer admin may not", "anna@acme.test", a.UUID, "ACCESS_DENIED:access_denied"},
		{"other company", "eva@borealis.test", a.UUID, "RECORD_NOT_FOUND:record_not_found"},
		{"agent admin", "agentadmin@portico.test", a.UUID, ""},
		{"already gone", "agentadmin@portico.test", a.UUID, "RECORD_NOT_FOUND:record_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := e.svc.DeleteFolder(ctx, e.req(tt.who), tt.id)
			require.Equal(t, tt.err, code(err))
			if tt.err != "" && tt.name != "already gone" {
				assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM files WHERE uuid = $1", f.UUID), "nothing changed")
			}
		})
	}
	assert.Equal(t, 0, e.count(t, "SELECT count(*) FROM folders WHERE uuid IN ($1, $2)", a.UUID, b.UUID))
	assert.Equal(t, 0, e.count(t, "SELECT count(*) FROM files WHERE uuid = $1", f.UUID))
	assert.Equal(t, 1, e.count(t, "SELECT count(*) FROM file_activities WHERE file_id = $1 AND key = 'company_file.destroy'", f.ID))
	assert.NotContains(t, e.blobs.keys(), f.BlobKey)
}
