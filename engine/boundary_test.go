package engine_test

import (
	"encoding/json"
	"go/types"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The engine is the core: it knows nothing of its edges. This fails when a
// package under engine/ depends on HTTP handling, GraphQL, Temporal or any of
// Portico's outer packages, and when the pure workflow model
// (engine/workflow/graph) or the run contract (engine/workflow/contract),
// which Temporal's deterministic workflow code links, depends on any other
// Portico package or a database driver.
func TestEngineImportsNoEdge(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := []string{"portico/api", "portico/temporal", "portico/activities", "portico/worker",
		"portico/scheduler", "portico/realtime", "portico/smtpd", "portico/cmd", "go.temporal.io/", "github.com/99designs/gqlgen",
		"github.com/go-chi/", "github.com/gorilla/websocket"}
	pureForbidden := append([]string{"portico/", "github.com/jackc/"}, forbidden...)
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Deps       []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		checked++
		if p.ImportPath == "portico/engine/store/dbtest" {
			continue // test tooling: it starts dev services (Temporal's among them), and only tests link it
		}
		rules := forbidden
		if strings.HasPrefix(p.ImportPath, "portico/engine/workflow/graph") || strings.HasPrefix(p.ImportPath, "portico/engine/workflow/contract") {
			rules = pureForbidden
		}
		for _, dep := range p.Deps {
			for _, f := range rules {
				if strings.HasPrefix(dep, f) {
					t.Errorf("%s depends on %s", p.ImportPath, dep)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d engine packages listed", checked)
	}
}

// Outside engine/ no code reaches the database but through the engine's
// services: only the packages listed here import engine/store, each for the
// reason given. Tests may import it (and engine/store/dbtest) anywhere.
func TestStoreStaysInsideTheEngine(t *testing.T) {
	allowed := map[string]string{
		"portico/cmd/portico":     "the composition root: opens and migrates the database and hands it to the engine's constructors",
		"portico/demo":            "writes the demo data set",
		"portico/demo/inboxscale": "seeds the demo at scale for benchmarks (with engine/store/dbtest's kept databases)",
		"portico/wiring":          "builds the engine's services on the database for `portico serve` and the API tests",
	}
	pkgs := listPackages(t, "portico/...")
	for _, p := range pkgs {
		if strings.HasPrefix(p.ImportPath, "portico/engine/") {
			continue
		}
		for _, imp := range p.Imports {
			if (imp == "portico/engine/store" || strings.HasPrefix(imp, "portico/engine/store/")) && allowed[p.ImportPath] == "" {
				t.Errorf("%s imports %s: reach the data through an engine service", p.ImportPath, imp)
			}
		}
	}
	if len(pkgs) < 20 {
		t.Fatalf("only %d packages listed", len(pkgs))
	}
}

// devstack starts dev services for `portico dev` and for tests, the engine's
// own among them (engine/store/dbtest): it takes what it needs of Portico
// from its caller (such as the Temporal search attributes) and imports no
// Portico package, so no layer reaches another through it.
func TestDevstackImportsNoPortico(t *testing.T) {
	for _, p := range listPackages(t, "portico/devstack/...") {
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "portico/") {
				t.Errorf("%s imports %s: let the caller pass what it needs", p.ImportPath, imp)
			}
		}
	}
}

// Store embeds the generated queries, so whoever holds it could call them
// and bypass the engine's checks and transactions: outside engine/ no code
// calls a method of store.Queries (through Store or a transaction's Queries)
// but the packages listed here, each for the reason given. cmd/portico and
// wiring hold the store only to hand it to the engine's constructors. Tests
// may call queries anywhere.
func TestQueriesStayInsideTheEngine(t *testing.T) {
	allowed := map[string]string{
		"portico/demo": "writes the demo data set, which the services' checks read, as the seed's own rows",
	}
	var outside []string
	for _, p := range listPackages(t, "portico/...") {
		if !strings.HasPrefix(p.ImportPath, "portico/engine/") {
			outside = append(outside, p.ImportPath)
		}
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}, outside...)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages outside engine/ do not type-check")
	}
	calls := map[string]int{}
	var bypasses []string
	for _, p := range pkgs {
		for id, obj := range p.TypesInfo.Uses {
			if !isQuery(obj) {
				continue
			}
			calls[p.PkgPath]++
			if allowed[p.PkgPath] == "" {
				bypasses = append(bypasses, p.Fset.Position(id.Pos()).String()+": "+p.PkgPath+" calls the query "+obj.Name())
			}
		}
	}
	slices.Sort(bypasses)
	for _, b := range bypasses {
		t.Errorf("%s: reach the data through an engine service", b)
	}
	// the check must see the calls it is there to find
	for pkg := range allowed {
		if calls[pkg] == 0 {
			t.Errorf("no call of a query found in %s: the check sees nothing, or the allowance is stale", pkg)
		}
	}
	if len(pkgs) < 15 {
		t.Fatalf("only %d packages outside engine/ loaded", len(pkgs))
	}
}

// isQuery tells whether obj is a method of the generated store.Queries.
func isQuery(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return false
	}
	recv := fn.Signature().Recv().Type()
	if ptr, ok := recv.(*types.Pointer); ok {
		recv = ptr.Elem()
	}
	named, ok := recv.(*types.Named)
	return ok && named.Obj().Name() == "Queries" && named.Obj().Pkg() != nil &&
		named.Obj().Pkg().Path() == "portico/engine/store"
}

// goPackage is what go list tells of one package: its direct imports (test
// files left out).
type goPackage struct {
	ImportPath string
	Imports    []string
}

func listPackages(t *testing.T, pattern string) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", pattern).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []goPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// Temporal's workflow code replays deterministically: it links only the pure
// side of the engine (the graph model and the run contract), never the
// database or the engine's services.
func TestTemporalLinksNoDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "portico/temporal").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	allowed := map[string]bool{"portico/temporal": true, "portico/engine/workflow/graph": true, "portico/engine/workflow/contract": true}
	for _, dep := range deps {
		if strings.HasPrefix(dep, "github.com/jackc/") || dep == "database/sql" ||
			(strings.HasPrefix(dep, "portico/") && !allowed[dep]) {
			t.Errorf("portico/temporal depends on %s", dep)
		}
	}
	if !slices.Contains(deps, "portico/engine/workflow/graph") {
		t.Fatalf("go list answered no dependency on the graph model: %v", deps)
	}
}
