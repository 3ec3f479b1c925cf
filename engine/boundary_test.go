package engine_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// The engine is the core: it knows nothing of its edges. This fails when a
// package under engine/ depends on HTTP handling, GraphQL, Temporal or any of
// Portico's outer packages, and when the pure workflow model
// (engine/workflow/graph), which Temporal's deterministic workflow code runs,
// depends on any other Portico package or a database driver.
func TestEngineImportsNoEdge(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := []string{"portico/api", "portico/temporal", "portico/activities", "portico/worker",
		"portico/scheduler", "portico/realtime", "portico/cmd", "go.temporal.io/", "github.com/99designs/gqlgen",
		"github.com/go-chi/", "github.com/gorilla/websocket"}
	pureForbidden := append([]string{"portico/", "github.com/jackc/", "database/sql"}, forbidden...)
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
			continue // test tooling: it starts dev services, and only tests link it
		}
		rules := forbidden
		if strings.HasPrefix(p.ImportPath, "portico/engine/workflow/graph") {
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
