package docs_test

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// root is the repository, one folder up from docs/.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s: %v", r, err)
	}
	return r
}

// skipDir is what no doc lives in: installed packages, builds, data.
func skipDir(name string) bool {
	switch name {
	case "node_modules", "dist", "var", "bin", "test-results", ".git":
		return true
	}
	return false
}

// markdownFiles is every Markdown file of the repository.
func markdownFiles(t *testing.T, r string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != r && (skipDir(d.Name()) || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	fence      = regexp.MustCompile("(?ms)^\\s*```.*?^\\s*```")
	codeSpan   = regexp.MustCompile("`[^`\n]*`")
	inlineLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	refLink    = regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s+(\S+)`)
	heading    = regexp.MustCompile(`(?m)^#{1,6}\s+(.+?)\s*#*\s*$`)
	slugDrop   = regexp.MustCompile(`[^\p{L}\p{N}\s_-]`)
)

// anchors are a Markdown file's headings as GitHub names them: lower case,
// punctuation dropped, spaces as hyphens, a repeated one numbered.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		h := strings.ToLower(strings.TrimSpace(m[1]))
		h = slugDrop.ReplaceAllString(h, "")
		h = strings.ReplaceAll(h, " ", "-")
		if n := seen[h]; n > 0 {
			out[h+"-"+strconv.Itoa(n)] = true
		} else {
			out[h] = true
		}
		seen[h]++
	}
	return out
}

// Every link between the repository's Markdown files points at a file that
// exists (inside the repository) and, with #anchor, at a heading it has.
// Links to other sites are not followed.
func TestMarkdownLinksResolve(t *testing.T) {
	r := root(t)
	files := markdownFiles(t, r)
	links := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := codeSpan.ReplaceAllString(fence.ReplaceAllString(string(b), ""), "")
		var targets []string
		for _, m := range inlineLink.FindAllStringSubmatch(text, -1) {
			targets = append(targets, m[1])
		}
		for _, m := range refLink.FindAllStringSubmatch(text, -1) {
			targets = append(targets, m[1])
		}
		rel, _ := filepath.Rel(r, f)
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			path, anchor, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
				if inside, _ := filepath.Rel(r, dest); strings.HasPrefix(inside, "..") {
					t.Errorf("%s: %s leaves the repository", rel, target)
					continue
				}
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s: %s: no such file", rel, target)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				t.Errorf("%s: %s: an anchor into a file that is not Markdown", rel, target)
				continue
			}
			db, err := os.ReadFile(dest)
			if err != nil {
				t.Errorf("%s: %s: %v", rel, target, err)
				continue
			}
			if !anchors(string(db))[anchor] {
				t.Errorf("%s: %s: no heading #%s there", rel, target, anchor)
			}
		}
	}
	if len(files) < 10 || links < 50 {
		t.Fatalf("found %d Markdown files and %d links: the search is broken", len(files), links)
	}
}

func TestAnchorsAreGitHubs(t *testing.T) {
	got := anchors("# Portico\n## The two commands\n### `make run`: what starts\n## Sign-in, SSO & e-mail\n## Notes\n## Notes\n```\n# not a heading\n```\n")
	for _, want := range []string{"portico", "the-two-commands", "make-run-what-starts", "sign-in-sso--e-mail", "notes", "notes-1"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a fenced line counted as a heading")
	}
}

// goPackage is what go list says of one package.
type goPackage struct {
	ImportPath, Dir, Name string
	GoFiles, CgoFiles     []string
}

// Every Go package says in its package comment, kept in one file, what it
// holds and what it may import: "Package x ..." (or "Command x ..." for a
// main package) with a sentence about its imports.
func TestEveryPackageSaysWhatItHoldsAndImports(t *testing.T) {
	r := root(t)
	cmd := exec.Command("go", "list", "-json=ImportPath,Dir,Name,GoFiles,CgoFiles", "./...")
	cmd.Dir = r
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		checked++
		var docs []string
		var where []string
		for _, f := range append(p.GoFiles, p.CgoFiles...) {
			file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, f), nil, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if file.Doc != nil {
				docs = append(docs, file.Doc.Text())
				where = append(where, f)
			}
		}
		switch {
		case len(docs) == 0:
			t.Errorf("%s has no package comment: add a doc.go that says what it holds and what it may import", p.ImportPath)
			continue
		case len(docs) > 1:
			t.Errorf("%s has package comments in %v: keep one (doc.go)", p.ImportPath, where)
		}
		doc := docs[0]
		want := "Package " + p.Name + " "
		if p.Name == "main" {
			want = "Command " + filepath.Base(p.Dir) + " "
		}
		if !strings.HasPrefix(doc, want) {
			t.Errorf("%s: its package comment starts %q, not %q", p.ImportPath, firstLine(doc), want)
		}
		if !strings.Contains(strings.ToLower(doc), "import") {
			t.Errorf("%s: its package comment does not say what it may import", p.ImportPath)
		}
	}
	if checked < 30 {
		t.Fatalf("go list answered %d packages", checked)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// configReads is every variable package config reads: the first argument of
// its env helpers and of os.Getenv, as written in its source.
func configReads(t *testing.T, r string) []string {
	t.Helper()
	readers := map[string]bool{"env": true, "intEnv": true, "int64Env": true, "boolEnv": true, "prefixesEnv": true,
		"os.Getenv": true, "os.LookupEnv": true}
	var out []string
	matches, _ := filepath.Glob(filepath.Join(r, "config", "*.go"))
	for _, f := range matches {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if fn, ok := n.(*ast.FuncDecl); ok && readers[fn.Name.Name] {
				return false // a helper itself, reading the name it is given
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok {
					name = x.Name + "." + fn.Sel.Name
				}
			}
			if !readers[name] {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: %s reads a variable whose name is not a literal: name it in the call", f, name)
				return true
			}
			v, _ := strconv.Unquote(lit.Value)
			out = append(out, v)
			return true
		})
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var (
	tableName   = regexp.MustCompile("`([A-Z][A-Z0-9_]+)`")
	getenvLit   = regexp.MustCompile(`os\.(?:Getenv|LookupEnv)\("([A-Z][A-Z0-9_]+)"\)`)
	shellDef    = regexp.MustCompile(`\$\{([A-Z][A-Z0-9_]+):?-`)
	makeDef     = regexp.MustCompile(`(?m)^([A-Z][A-Z0-9_]+) \?=`)
	processEnv  = regexp.MustCompile(`process\.env\.([A-Z][A-Z0-9_]+)`)
	notSettings = map[string]bool{"GO": true, "CI": true, "HOME": true, "PATH": true}
)

// sectionNames are the variables named in the first column of the tables
// under the section of configuration.md whose heading starts with title.
func sectionNames(t *testing.T, doc, title string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n## "+title)
	if !ok {
		t.Fatalf("configuration.md has no section %q", title)
	}
	rest, _, _ = strings.Cut(rest, "\n## ")
	var out []string
	sc := bufio.NewScanner(strings.NewReader(rest))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, m := range tableName.FindAllStringSubmatch(first, -1) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// configuration.md's first table is exactly what package config reads, so it
// can neither miss a variable nor keep one the code no longer reads.
func TestConfigurationListsEveryVariable(t *testing.T) {
	r := root(t)
	b, err := os.ReadFile(filepath.Join(r, "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	read := configReads(t, r)
	if len(read) < 40 {
		t.Fatalf("found %d variables in config/: the search is broken", len(read))
	}
	listed := sectionNames(t, string(b), "Portico's variables")
	for _, v := range read {
		if !slices.Contains(listed, v) {
			t.Errorf("config reads %s, which docs/configuration.md does not list under Portico's variables", v)
		}
	}
	for _, v := range listed {
		if !slices.Contains(read, v) {
			t.Errorf("docs/configuration.md lists %s, which config does not read", v)
		}
	}
}

// The variables of the tools (tests, benchmarks, scripts, the Makefile, the
// web app's runners) are listed in configuration.md's second section: each
// one the code reads is there, and each one there is still in the code.
func TestConfigurationListsTheToolsVariables(t *testing.T) {
	r := root(t)
	b, err := os.ReadFile(filepath.Join(r, "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	portal := sectionNames(t, doc, "Portico's variables")
	listed := sectionNames(t, doc, "Variables of the tools")
	found := map[string]string{}
	var code strings.Builder
	err = filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != r && (skipDir(d.Name()) || strings.HasPrefix(d.Name(), ".") || p == filepath.Join(r, "docs") ||
				p == filepath.Join(r, "config") || p == filepath.Join(r, "web", "src")) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(p)
		if ext != ".go" && ext != ".sh" && ext != ".mjs" && ext != ".ts" && d.Name() != "Makefile" {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		code.Write(src)
		rel, _ := filepath.Rel(r, p)
		for _, re := range []*regexp.Regexp{getenvLit, shellDef, makeDef, processEnv} {
			for _, m := range re.FindAllStringSubmatch(string(src), -1) {
				if !notSettings[m[1]] && !slices.Contains(portal, m[1]) {
					found[m[1]] = rel
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 15 {
		t.Fatalf("found %d variables of the tools: the search is broken", len(found))
	}
	for v, where := range found {
		if !slices.Contains(listed, v) {
			t.Errorf("%s reads %s, which docs/configuration.md does not list under Variables of the tools", where, v)
		}
	}
	for _, v := range listed {
		if !strings.Contains(code.String(), v) {
			t.Errorf("docs/configuration.md lists %s, which no tool reads any more", v)
		}
	}
}
