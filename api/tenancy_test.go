package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"portico/config"
	"portico/demo"
	"portico/engine/org"
	"portico/engine/store"
)

// The cross-tenant matrix: every query and mutation of the schema (read from
// the schema files, so an operation added later is covered without a case of
// its own) is called by each demo role with the ids of another company's
// records and of categories the role may not see. Arguments are built from
// their name and type (tenancyEntities, tenancyOpIDs); an argument the test
// cannot place fails it, naming what to describe. Each answer must be a
// refusal (RECORD_NOT_FOUND, ACCESS_DENIED, or an ARGUMENT_ERROR /
// VALIDATION_ERROR about the arguments) or an answer without any of the
// foreign company's values; and no table may change (row counts and a
// checksum of every table). The queries that read everything the viewer may
// see unless filtered (the workload forecast, Coming up) are called once more
// without their filters. The foreign values watched include the titles of
// the tasks its workflows' runs will open. The REST routes (downloads,
// init.json, the realtime socket's token, and the role's own calendar feed,
// whose renewed and made-up addresses answer 404) are checked the same way.
//
// Mutations that carry no foreign id (they act on the viewer's own data, such
// as accepting notifications settings) are not called: they could only
// change the viewer's own rows.

// tenancyEntities places an id argument by its name (without Id/Ids): the kind
// of record whose foreign id it gets.
var tenancyEntities = map[string]string{
	"company": "company", "parentCompany": "company", "task": "thread", "thread": "thread", "inboxTask": "thread",
	"activity": "activity", "message": "activity", "replyable": "activity", "current": "activity", "first": "activity",
	"last": "activity", "attachment": "attachment", "file": "file", "folder": "folder", "parentFolder": "folder",
	"user": "user", "porticoUser": "user", "companyUser": "user", "participant": "user", "participants": "user",
	"responsible": "user", "senders": "user", "creator": "user", "assignee": "user",
	"category": "category", "country": "country", "countries": "country", "workflow": "workflow",
	"includeWorkflow": "workflow", "companyWorkflow": "companyWorkflow", "workflowInstance": "run", "run": "run",
	"banner": "banner", "systemBanner": "banner", "dynamicField": "dynamicField", "group": "group",
	"uuid": "new", "trigger": "new", "workflowTrigger": "new", "companyRole": "new",
}

// tenancyOpIDs places the plain `id` argument by the operation's name, once
// a verb is taken off (updateSystemBanner → systemBanner).
var tenancyOpIDs = map[string]string{
	"company": "company", "folder": "folder", "contentZipFile": "export", "inboxPdfFile": "export",
	"inboxZipFile": "export", "inboxTask": "thread", "inboxActivity": "activity", "applicationIframe": "activity",
	"user": "user", "workflow": "workflow", "workflowInstance": "run", "companyWorkflow": "companyWorkflow",
	"systemBanner": "banner", "banner": "banner", "dynamicField": "dynamicField", "group": "group", "file": "file",
	"companyUser": "user", "country": "country", "companyAcceptedDomain": "new", "companyAcceptedEmail": "new",
	"undoDeleteAttachments": "new", "porticoUser": "user",
}

var tenancyVerbs = []string{"update", "delete", "dismiss", "archive", "restore", "remove", "create", "get", "toggle", "publish", "copy"}

// tenancyArgOverrides: the odd arguments, by operation.argument.
var tenancyArgOverrides = map[string]string{
	"inboxTasks.lastId": "thread", "inboxAttachments.lastId": "attachment",
	"updateCountryHolidays.countryHolidayId": "new",
}

// tenancyUnfiltered: queries whose id arguments are optional filters over
// everything the viewer may see; the matrix calls them once more without
// those, so that the viewer's whole reach is checked too.
var tenancyUnfiltered = []string{"workflowForecast", "upcomingTasks"}

// unfiltered is op's variables without its optional id filters, for the
// queries of tenancyUnfiltered.
func unfiltered(s *ast.Schema, op rootOp, vars map[string]any) (map[string]any, bool) {
	if op.kind != "query" || !slices.Contains(tenancyUnfiltered, op.field.Name) {
		return nil, false
	}
	out := map[string]any{}
	for _, a := range op.field.Arguments {
		if v, ok := vars[a.Name]; ok && (a.Type.NonNull || !takesID(s, a.Type, 0)) {
			out[a.Name] = v
		}
	}
	return out, true
}

// tenancyStringArgs: string arguments that must be well formed for the
// operation to reach its access checks, by operation.argument.
var tenancyStringArgs = map[string]string{
	"workflowForecast.dateFrom":  time.Now().Format(time.DateOnly),
	"workflowForecast.dateTo":    time.Now().AddDate(0, 11, 0).Format(time.DateOnly),
	"workflowInsights.dateFrom":  time.Now().AddDate(0, -6, 0).Format(time.DateOnly),
	"workflowInsights.dateTo":    time.Now().Format(time.DateOnly),
	"workflowInsights.timeZone":  "Europe/Helsinki",
	"workflowsInsights.dateFrom": time.Now().AddDate(0, -6, 0).Format(time.DateOnly),
	"workflowsInsights.dateTo":   time.Now().Format(time.DateOnly),
	"workflowsInsights.timeZone": "Europe/Helsinki",
}

// noPurges starts no purge timers: the matrix only asks that a foreign
// deletion is refused before one would start.
type noPurges struct{}

func (noPurges) StartAttachmentPurge(context.Context, uuid.UUID, time.Time) error { return nil }

type tenancyRole struct {
	email, foreign string
	// hidden is a category the role may not see, by name ("": an unknown one)
	hidden string
	// hiddenOnly: the records are the role's own company's, in the hidden
	// category (the company itself is the role's own, not foreign)
	hiddenOnly bool
}

var tenancyRoles = []tenancyRole{
	{"agentadmin@portico.test", "Kalev AS", "", false},
	{"agent@portico.test", "Kalev AS", "", false},
	{"anna@acme.test", "Borealis AB", "Internal", false},
	{"carl@acme.test", "Borealis AB", "Accounting", false},
	{"carl@acme.test", "Acme Oy", "Accounting", true},
	{"eva@borealis.test", "Acme Oy", "Internal", false},
	{"kalle@kalev.test", "Acme Oy", "Internal", false},
}

func (r tenancyRole) String() string {
	if r.hiddenOnly {
		return r.email + " with " + r.foreign + "'s " + r.hidden + " records"
	}
	return r.email + " with " + r.foreign + "'s records"
}

// foreignSet is one foreign company's records: an id per kind, and the values
// that must never reach another company's users.
type foreignSet struct {
	ids    map[string]string
	values []string
	real   map[string]bool
}

func TestCrossTenantMatrix(t *testing.T) {
	te := testServer(t, serverOpts{configure: func(cfg *config.Config) {
		cfg.MaxUploadBytes = 1 << 20
		cfg.ApplicationTokenSecret = testAppSecret
		cfg.GraphQLRatePerMinute = 0
		cfg.MailDomain = "mail.portico.test"
		cfg.AnalyticsURL = "https://analytics.portico.test"
	}})
	e, st, seed := te.env, te.st, te.seed
	ctx := context.Background()
	require.NoError(t, demo.SeedFiles(ctx, st, te.blobs, seed))
	require.NoError(t, demo.SeedInbox(ctx, st, te.blobs, seed))
	// planned tasks in every foreign company: the demo's Acme Oy has its own
	seedKalevForecast(t, te)
	seedWeeklyForecast(t, te, "Borealis AB", "se", "Borealis declarations", borealisForecastTitle)
	require.NoError(t, demo.SeedRunHistory(ctx, st, seed, time.Now())) // foreign runs, steps and their tasks

	schema := loadSchema(t)
	ops := append(rootFields(schema.Query, "query"), rootFields(schema.Mutation, "mutation")...)
	require.Greater(t, len(ops), 50, "the schema's operations")

	totals := map[string]int{}
	for _, role := range tenancyRoles {
		t.Run(role.String(), func(t *testing.T) {
			fs := foreignRecords(t, st, seed, role)
			var real []string
			for kind, ok := range fs.real {
				if ok {
					real = append(real, kind)
				}
			}
			sort.Strings(real)
			t.Logf("real foreign records: %v (other kinds get unknown ids); %d foreign values watched", real, len(fs.values))
			c := e.client(t)
			c.signIn(role.email)
			avatar := foreignAvatar(t, te, fs)
			before := tableChecksums(t, st)
			var succeeded []string
			for _, op := range ops {
				vars, uploads, foreignArgs, err := buildArgs(schema, op, fs)
				if err != nil {
					t.Errorf("%s %s: %v", op.kind, op.field.Name, err)
					continue
				}
				if op.kind == "mutation" && foreignArgs == 0 {
					totals["own-data mutations not called"]++
					continue
				}
				doc := operationDocument(schema, op, vars)
				body, res := c.gqlRaw(doc, vars, uploads)
				outcome := judge(t, role, op, body, res, fs)
				if outcome == "mutation answered" {
					succeeded = append(succeeded, op.field.Name)
				}
				totals[outcome]++
				if vars, ok := unfiltered(schema, op, vars); ok {
					body, res := c.gqlRaw(operationDocument(schema, op, vars), vars, nil)
					totals["unfiltered "+judge(t, role, op, body, res, fs)]++
				}
			}
			after := tableChecksums(t, st)
			for table, sum := range before {
				if after[table] != sum {
					t.Errorf("%s changed table %s (rows and checksum %s → %s); mutations that answered without an error: %v",
						role, table, sum, after[table], succeeded)
				}
			}
			checkREST(t, c, fs)
			checkFeed(t, te, c, fs)
			if avatar != "" {
				if res, body := c.get(avatar); res.StatusCode != http.StatusNotFound {
					t.Errorf("avatar of a foreign user: %d %s", res.StatusCode, clip(body))
				}
			}
		})
	}
	t.Logf("cross-tenant matrix: %d operations × %d roles: %v", len(ops), len(tenancyRoles), totals)
}

type rootOp struct {
	kind  string
	field *ast.FieldDefinition
}

func loadSchema(t *testing.T) *ast.Schema {
	t.Helper()
	names, err := filepath.Glob("graph/schema/*.graphqls")
	require.NoError(t, err)
	var srcs []*ast.Source
	for _, n := range names {
		b, err := os.ReadFile(n)
		require.NoError(t, err)
		srcs = append(srcs, &ast.Source{Name: n, Input: string(b)})
	}
	s, gerr := gqlparser.LoadSchema(srcs...)
	require.Nil(t, gerr)
	return s
}

func rootFields(def *ast.Definition, kind string) []rootOp {
	var out []rootOp
	if def == nil {
		return nil
	}
	for _, f := range def.Fields {
		if !strings.HasPrefix(f.Name, "__") {
			out = append(out, rootOp{kind, f})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].field.Name < out[j].field.Name })
	return out
}

// foreignRecords reads one record of each kind of the role's foreign company.
// A kind the company has none of gets an unknown uuid (which must be refused
// the same way).
func foreignRecords(t *testing.T, st *store.Store, seed demo.Seeded, role tenancyRole) foreignSet {
	t.Helper()
	ctx := context.Background()
	co := seed.Companies[role.foreign]
	fs := foreignSet{ids: map[string]string{}, real: map[string]bool{}}
	hidden := role.hidden
	catID := int64(0) // every category
	if hidden != "" {
		catID = seed.Categories[hidden].ID
		fs.ids["category"] = fmt.Sprint(catID)
	} else {
		fs.ids["category"] = "999999"
	}
	if !role.hiddenOnly {
		catID = 0
	}
	one := func(kind, sql string, args ...any) {
		var id string
		if err := st.Pool.QueryRow(ctx, sql, args...).Scan(&id); err == nil {
			fs.ids[kind] = id
			fs.real[kind] = true
			return
		}
		fs.ids[kind] = uuid.NewString()
	}
	fs.ids["company"], fs.real["company"] = co.UUID.String(), !role.hiddenOnly
	one("thread", `SELECT uuid::text FROM threads WHERE company_id = $1 AND ($2 = 0 OR category_id = $2) ORDER BY id LIMIT 1`, co.ID, catID)
	one("activity", `SELECT a.uuid::text FROM activities a JOIN threads t ON t.id = a.thread_id WHERE a.company_id = $1
		AND ($2 = 0 OR t.category_id = $2) ORDER BY a.id LIMIT 1`, co.ID, catID)
	one("attachment", `SELECT a.uuid::text FROM attachments a JOIN threads t ON t.id = a.thread_id WHERE a.company_id = $1
		AND ($2 = 0 OR t.category_id = $2) ORDER BY a.id LIMIT 1`, co.ID, catID)
	one("file", `SELECT f.uuid::text FROM files f JOIN folders d ON d.id = f.folder_id WHERE f.company_id = $1
		AND ($2 = 0 OR d.category_id = $2) ORDER BY f.id LIMIT 1`, co.ID, catID)
	one("folder", `SELECT uuid::text FROM folders WHERE company_id = $1 AND ($2 = 0 OR category_id = $2) ORDER BY id LIMIT 1`, co.ID, catID)
	if role.hiddenOnly { // the records are the role's own company's: people and workflows are not foreign
		for _, k := range []string{"user", "companyWorkflow", "run", "banner", "export", "group", "dynamicField", "workflow"} {
			fs.ids[k] = uuid.NewString()
		}
		fs.ids["new"] = uuid.NewString()
		fs.ids["country"] = fmt.Sprint(seed.Countries["fi"].ID)
		hiddenValues(t, st, &fs, co.ID, catID)
		fs.values = append(fs.values, forecastTitles(t, st, co.ID, catID)...)
		return fs
	}
	one("user", `SELECT u.uuid::text FROM users u JOIN company_users cu ON cu.user_id = u.id WHERE cu.company_id = $1
		AND NOT EXISTS (SELECT 1 FROM company_users o WHERE o.user_id = u.id AND o.company_id <> $1)
		AND NOT EXISTS (SELECT 1 FROM portico_users p WHERE p.user_id = u.id) ORDER BY u.id LIMIT 1`, co.ID)
	one("companyWorkflow", `SELECT uuid::text FROM company_workflows WHERE company_id = $1 ORDER BY id LIMIT 1`, co.ID)
	one("run", `SELECT uuid::text FROM workflow_instances WHERE company_id = $1 ORDER BY id LIMIT 1`, co.ID)
	one("banner", `SELECT uuid::text FROM system_banners WHERE company_id = $1 ORDER BY id LIMIT 1`, co.ID)
	one("export", `SELECT uuid::text FROM zip_files WHERE company_id = $1 ORDER BY id LIMIT 1`, co.ID)
	one("group", `SELECT g.uuid::text FROM company_groups g JOIN company_group_members m ON m.group_id = g.id
		WHERE m.company_id = $1 ORDER BY g.id LIMIT 1`, co.ID)
	one("dynamicField", `SELECT uuid::text FROM dynamic_fields ORDER BY id LIMIT 1`)
	if strings.HasSuffix(role.email, "@portico.test") {
		fs.ids["workflow"] = uuid.NewString() // workflow templates are the provider's, shared by its staff
	} else {
		one("workflow", `SELECT uuid::text FROM workflows ORDER BY id LIMIT 1`)
	}
	fs.ids["new"] = uuid.NewString()
	fs.ids["country"] = fmt.Sprint(seed.Countries["fi"].ID)

	// the values only the foreign company has
	for _, q := range []string{
		`SELECT title FROM threads t WHERE company_id = $1 AND NOT EXISTS (SELECT 1 FROM threads o WHERE o.company_id <> $1 AND o.title = t.title)`,
		`SELECT filename FROM files f WHERE company_id = $1 AND NOT EXISTS (SELECT 1 FROM files o WHERE o.company_id <> $1 AND o.filename = f.filename)`,
		`SELECT name FROM folders f WHERE company_id = $1 AND parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM folders o WHERE o.company_id <> $1 AND o.name = f.name)`,
		`SELECT u.email FROM users u JOIN company_users cu ON cu.user_id = u.id WHERE cu.company_id = $1
		   AND NOT EXISTS (SELECT 1 FROM company_users o WHERE o.user_id = u.id AND o.company_id <> $1)
		   AND NOT EXISTS (SELECT 1 FROM portico_users p WHERE p.user_id = u.id)`,
	} {
		rows, err := st.Pool.Query(ctx, q, co.ID)
		require.NoError(t, err, q)
		for rows.Next() {
			var v string
			require.NoError(t, rows.Scan(&v))
			if len(v) >= 6 {
				fs.values = append(fs.values, v)
			}
		}
		rows.Close()
	}
	fs.values = append(fs.values, forecastTitles(t, st, co.ID, 0)...)
	fs.values = append(fs.values, role.foreign)
	for kind, id := range fs.ids {
		if fs.real[kind] && kind != "company" && kind != "dynamicField" && kind != "workflow" {
			fs.values = append(fs.values, id)
		}
	}
	return fs
}

// buildArgs gives every required argument, and every optional one that takes
// an id, a value; foreign counts the ids placed.
func buildArgs(s *ast.Schema, op rootOp, fs foreignSet) (vars map[string]any, uploads []string, foreign int, err error) {
	vars = map[string]any{}
	for _, a := range op.field.Arguments {
		if !a.Type.NonNull && !takesID(s, a.Type, 0) {
			continue
		}
		v, n, err := valueFor(s, op.field.Name, a.Name, a.Type, fs, 0)
		if err != nil {
			return nil, nil, 0, err
		}
		if v == uploadMarker {
			uploads = append(uploads, a.Name)
			v = nil
		}
		vars[a.Name] = v
		foreign += n
	}
	return vars, uploads, foreign, nil
}

const uploadMarker = "\x00upload"

// takesID tells whether a type is an ID, a list of them, or an input object
// with an ID among its fields.
func takesID(s *ast.Schema, t *ast.Type, depth int) bool {
	name := t.Name()
	if name == "ID" {
		return true
	}
	def := s.Types[name]
	if def == nil || def.Kind != ast.InputObject || depth > 2 {
		return false
	}
	for _, f := range def.Fields {
		if takesID(s, f.Type, depth+1) {
			return true
		}
	}
	return false
}

func valueFor(s *ast.Schema, opName, argName string, t *ast.Type, fs foreignSet, depth int) (any, int, error) {
	if t.Elem != nil {
		v, n, err := valueFor(s, opName, argName, t.Elem, fs, depth)
		if err != nil {
			return nil, 0, err
		}
		if v == uploadMarker {
			return nil, 0, fmt.Errorf("argument %s is a list of uploads: describe it in the matrix", argName)
		}
		return []any{v}, n, nil
	}
	switch t.NamedType {
	case "ID":
		kind, err := idKind(opName, argName)
		if err != nil {
			return nil, 0, err
		}
		if kind == "company" && !fs.real["company"] {
			return fs.ids[kind], 0, nil // the role's own company: not a foreign id
		}
		return fs.ids[kind], 1, nil
	case "String":
		if v, ok := tenancyStringArgs[opName+"."+argName]; ok {
			return v, 0, nil
		}
		if strings.Contains(strings.ToLower(argName), "email") {
			return "probe@harden.test", 0, nil
		}
		return "harden probe", 0, nil
	case "Int":
		return 1, 0, nil
	case "Float":
		return 1.0, 0, nil
	case "Boolean":
		return false, 0, nil
	case "DateTime":
		return "2030-01-01T00:00:00Z", 0, nil
	case "JSON":
		if argName == "structure" {
			return map[string]any{"nodes": []any{}, "edges": []any{}}, 0, nil
		}
		return map[string]any{}, 0, nil
	case "Upload":
		if depth > 0 {
			return nil, 0, fmt.Errorf("upload %s inside an input object: describe it in the matrix", argName)
		}
		return uploadMarker, 0, nil
	}
	def := s.Types[t.NamedType]
	switch {
	case def == nil:
		return nil, 0, fmt.Errorf("argument %s of %s has unknown type %s: describe it in the matrix", argName, opName, t.NamedType)
	case def.Kind == ast.Enum:
		return def.EnumValues[0].Name, 0, nil
	case def.Kind == ast.InputObject:
		if depth > 3 {
			return nil, 0, fmt.Errorf("input %s nests too deep", t.NamedType)
		}
		obj := map[string]any{}
		total := 0
		for _, f := range def.Fields {
			if !f.Type.NonNull && !takesID(s, f.Type, 0) {
				continue
			}
			v, n, err := valueFor(s, opName, f.Name, f.Type, fs, depth+1)
			if err != nil {
				return nil, 0, fmt.Errorf("%s.%s: %w", argName, f.Name, err)
			}
			obj[f.Name] = v
			total += n
		}
		return obj, total, nil
	case def.Kind == ast.Scalar:
		return nil, 0, fmt.Errorf("argument %s of %s has scalar %s the matrix does not know: describe it", argName, opName, t.NamedType)
	}
	return nil, 0, fmt.Errorf("argument %s of %s: type %s", argName, opName, t.NamedType)
}

func idKind(opName, argName string) (string, error) {
	if k, ok := tenancyArgOverrides[opName+"."+argName]; ok {
		return k, nil
	}
	if argName == "id" {
		base := opName
		for _, v := range tenancyVerbs {
			if rest, ok := strings.CutPrefix(base, v); ok && rest != "" {
				base = strings.ToLower(rest[:1]) + rest[1:]
				break
			}
		}
		if k, ok := tenancyOpIDs[base]; ok {
			return k, nil
		}
		return "", fmt.Errorf("cannot tell what the id of %s names: add %q to tenancyOpIDs", opName, base)
	}
	base := strings.TrimSuffix(strings.TrimSuffix(argName, "Ids"), "Id")
	if k, ok := tenancyEntities[base]; ok {
		return k, nil
	}
	return "", fmt.Errorf("cannot place id argument %s of %s: add %q to tenancyEntities (or %q to tenancyArgOverrides)",
		argName, opName, base, opName+"."+argName)
}

// operationDocument asks for the answer's plain fields, three levels deep.
func operationDocument(s *ast.Schema, op rootOp, vars map[string]any) string {
	var defs, args []string
	for _, a := range op.field.Arguments {
		if _, ok := vars[a.Name]; !ok {
			continue
		}
		defs = append(defs, "$"+a.Name+": "+a.Type.String())
		args = append(args, a.Name+": $"+a.Name)
	}
	doc := op.kind
	if len(defs) > 0 {
		doc += "(" + strings.Join(defs, ", ") + ")"
	}
	doc += " { " + op.field.Name
	if len(args) > 0 {
		doc += "(" + strings.Join(args, ", ") + ")"
	}
	return doc + selection(s, op.field.Type, 0) + " }"
}

func selection(s *ast.Schema, t *ast.Type, depth int) string {
	def := s.Types[t.Name()]
	if def == nil || def.Kind == ast.Scalar || def.Kind == ast.Enum {
		return ""
	}
	if def.Kind != ast.Object || depth >= 3 {
		return " { __typename }"
	}
	var fields []string
	for _, f := range def.Fields {
		if strings.HasPrefix(f.Name, "__") || slices.ContainsFunc(f.Arguments, func(a *ast.ArgumentDefinition) bool { return a.Type.NonNull }) {
			continue
		}
		fields = append(fields, f.Name+selection(s, f.Type, depth+1))
	}
	return " { __typename " + strings.Join(fields, " ") + " }"
}

// gqlRaw posts the operation (multipart when it has uploads) and answers the
// raw body and its decoding.
func (c *client) gqlRaw(query string, vars map[string]any, uploads []string) ([]byte, gqlResponse) {
	c.t.Helper()
	ops, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	contentType, body := "application/json", ops
	if len(uploads) > 0 {
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		_ = w.WriteField("operations", string(ops))
		m := map[string][]string{}
		for i, name := range uploads {
			m[fmt.Sprint(i)] = []string{"variables." + name}
		}
		mb, _ := json.Marshal(m)
		_ = w.WriteField("map", string(mb))
		for i := range uploads {
			fw, _ := w.CreateFormFile(fmt.Sprint(i), "probe.png")
			_, _ = fw.Write([]byte("\x89PNG\r\n\x1a\nprobe"))
		}
		_ = w.Close()
		contentType, body = w.FormDataContentType(), b.Bytes()
	}
	req, _ := http.NewRequest(http.MethodPost, c.base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	var raw bytes.Buffer
	_, _ = raw.ReadFrom(res.Body)
	var out gqlResponse
	_ = json.Unmarshal(raw.Bytes(), &out)
	return raw.Bytes(), out
}

var refusals = []string{"RECORD_NOT_FOUND", "ACCESS_DENIED"}
var argumentRefusals = []string{"ARGUMENT_ERROR", "VALIDATION_ERROR"}

// judge checks one answer and names its outcome.
func judge(t *testing.T, role tenancyRole, op rootOp, body []byte, res gqlResponse, fs foreignSet) string {
	t.Helper()
	name := op.kind + " " + op.field.Name
	for _, v := range fs.values {
		if bytes.Contains(body, []byte(v)) {
			t.Errorf("%s as %s shows %q:\n%s", name, role, v, clip(body))
		}
	}
	codes := map[string]bool{}
	for _, e := range res.Errors {
		code, _ := e.Extensions["code"].(string)
		codes[code] = true
	}
	// a mutation's payload errors
	for _, raw := range res.Data {
		var payload struct {
			Errors []struct{ Code string } `json:"errors"`
		}
		if json.Unmarshal(raw, &payload) == nil {
			for _, e := range payload.Errors {
				codes[e.Code] = true
			}
		}
	}
	for code := range codes {
		switch {
		case slices.Contains(refusals, code):
			return "refused"
		case slices.Contains(argumentRefusals, code):
			return "refused on arguments"
		}
	}
	if len(codes) > 0 {
		keys := make([]string, 0, len(codes))
		for k := range codes {
			keys = append(keys, k)
		}
		t.Errorf("%s as %s: unexpected answer %v:\n%s", name, role, keys, clip(body))
		return "unexpected"
	}
	if op.kind == "mutation" {
		// a bulk change over a selection that holds nothing the viewer may
		// touch answers success; the table checksums tell whether it wrote
		return "mutation answered"
	}
	return "answered without foreign data"
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// tableChecksums is every table's row count and content digest, but the
// sessions and sign-in flows that signing in and the sliding expiry write.
func tableChecksums(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := st.Pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'
		AND tablename NOT IN ('sessions', 'login_flows', 'saml_assertions_seen', 'goose_db_version') ORDER BY tablename`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		tables = append(tables, n)
	}
	rows.Close()
	require.NoError(t, rows.Err())
	out := map[string]string{}
	for _, table := range tables {
		var count int64
		var sum *string
		q := fmt.Sprintf(`SELECT count(*), md5(string_agg(t::text, '|' ORDER BY t::text)) FROM %q t`, table)
		require.NoError(t, st.Pool.QueryRow(ctx, q).Scan(&count, &sum))
		s := ""
		if sum != nil {
			s = *sum
		}
		out[table] = fmt.Sprintf("%d/%s", count, s)
	}
	return out
}

// foreignAvatar gives the foreign user (when there is a real one) an avatar
// and answers its address, which the role must not be served.
func foreignAvatar(t *testing.T, te testEnv, fs foreignSet) string {
	t.Helper()
	if !fs.real["user"] {
		return ""
	}
	ctx := context.Background()
	u, err := te.st.UserGetByUUID(ctx, uuid.MustParse(fs.ids["user"]))
	require.NoError(t, err)
	var pic bytes.Buffer
	require.NoError(t, png.Encode(&pic, image.NewGray(image.Rect(0, 0, 8, 8))))
	u, err = te.deps.Avatars.Set(ctx, org.Request{User: u}, u.UUID, &pic)
	require.NoError(t, err)
	return *u.AvatarUrl
}

// checkREST: downloads of the foreign company's attachment, file and export
// are not found; init.json names none of its values; the realtime token is
// the viewer's own (a socket with it hears only the viewer's channel, which
// api's realtime tests prove).
func checkREST(t *testing.T, c *client, fs foreignSet) {
	t.Helper()
	for _, kind := range []string{"attachment", "file", "export", "thread", "activity"} {
		res, body := c.get("/api/download/" + fs.ids[kind])
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("download of a foreign %s: %d %s", kind, res.StatusCode, clip(body))
		}
	}
	res, body := c.get("/api/init.json")
	require.Equal(t, http.StatusOK, res.StatusCode)
	for _, v := range fs.values {
		if bytes.Contains(body, []byte(v)) {
			t.Errorf("init.json shows the foreign %q", v)
		}
	}
}

// hiddenValues: the titles and names of the company's records in the hidden
// category that no visible record shares, and the records' ids.
func hiddenValues(t *testing.T, st *store.Store, fs *foreignSet, companyID, categoryID int64) {
	t.Helper()
	for _, q := range []string{
		`SELECT title FROM threads t WHERE company_id = $1 AND category_id = $2 AND NOT EXISTS
		   (SELECT 1 FROM threads o WHERE o.title = t.title AND (o.company_id <> $1 OR o.category_id <> $2))`,
		`SELECT f.filename FROM files f JOIN folders d ON d.id = f.folder_id WHERE f.company_id = $1 AND d.category_id = $2
		   AND NOT EXISTS (SELECT 1 FROM files o JOIN folders od ON od.id = o.folder_id WHERE o.filename = f.filename
		   AND (o.company_id <> $1 OR od.category_id <> $2))`,
	} {
		rows, err := st.Pool.Query(context.Background(), q, companyID, categoryID)
		require.NoError(t, err, q)
		for rows.Next() {
			var v string
			require.NoError(t, rows.Scan(&v))
			if len(v) >= 6 {
				fs.values = append(fs.values, v)
			}
		}
		rows.Close()
	}
	for _, kind := range []string{"thread", "activity", "attachment", "file", "folder"} {
		if fs.real[kind] {
			fs.values = append(fs.values, fs.ids[kind])
		}
	}
}

// forecastTitles are the titles of the tasks that the company's assigned
// workflows (their latest versions) open, in the category (0: in any), that
// no task of another company or of another category shares: what the
// forecast, Coming up and the calendar feed must never show anyone else.
func forecastTitles(t *testing.T, st *store.Store, companyID, categoryID int64) []string {
	t.Helper()
	rows, err := st.Pool.Query(context.Background(), `WITH task AS (
		SELECT cw.company_id, coalesce(nullif(n->'data'->>'categoryId', '')::bigint, w.category_id) AS category_id,
		       n->'data'->>'title' AS title
		FROM company_workflows cw JOIN workflows w ON w.id = cw.workflow_id
		CROSS JOIN LATERAL (SELECT structure FROM workflow_versions v WHERE v.workflow_id = w.id ORDER BY version DESC LIMIT 1) v
		CROSS JOIN LATERAL jsonb_array_elements(v.structure->'nodes') n
		WHERE cw.unassigned_at IS NULL AND n->>'type' = 'task')
	SELECT DISTINCT title FROM task t WHERE company_id = $1 AND ($2 = 0 OR category_id = $2) AND length(title) >= 6
	  AND NOT EXISTS (SELECT 1 FROM task o WHERE o.title = t.title AND (o.company_id <> $1 OR ($2 <> 0 AND o.category_id <> $2)))`,
		companyID, categoryID)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		require.NoError(t, rows.Scan(&v))
		out = append(out, v)
	}
	require.NoError(t, rows.Err())
	return out
}

// checkFeed: the role's own calendar feed lists none of the foreign values
// (its open and planned tasks are of its companies and categories only);
// once renewed, the old address answers 404, as a made-up one does.
func checkFeed(t *testing.T, te testEnv, c *client, fs foreignSet) {
	t.Helper()
	address := renewFeed(t, c, nil)
	status, events := readFeed(t, te, address)
	require.Equal(t, http.StatusOK, status)
	for _, e := range events {
		for _, v := range fs.values {
			if strings.Contains(e.summary+e.description+e.url, v) {
				t.Errorf("the calendar feed shows the foreign %q: %s", v, e.summary)
			}
		}
	}
	t.Logf("calendar feed: %d events of the role's own", len(events))
	renewed := renewFeed(t, c, nil)
	for _, old := range []string{address, address[:strings.LastIndex(address, "/")+1] + uuid.NewString() + ".ics"} {
		if status, _ := readFeed(t, te, old); status != http.StatusNotFound {
			t.Errorf("feed address %s: %d, want 404", old, status)
		}
	}
	if status, _ := readFeed(t, te, renewed); status != http.StatusOK {
		t.Errorf("the renewed feed: %d", status)
	}
}
