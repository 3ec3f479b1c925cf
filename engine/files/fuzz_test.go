package files

import (
	"path"
	"strings"
	"testing"
	"unicode"
)

// File and folder names (checkName) and the names exports write into zip
// archives and downloads (uniqueName, safeFilename) never carry a path: an
// archive entry stays under its folder and a download's name is one name.
// The seeds run in every `go test`; `make fuzz` runs it longer.
func FuzzFileNames(f *testing.F) {
	for _, s := range []string{"Receipts 2026", "../../etc/passwd", `..\x`, "a/b", ".", "..", " ", "tab\tname", "x\x00y",
		"CON", "ä:*?\"<>|.txt", strings.Repeat("n", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if got, err := checkName("name", name); err == nil {
			if strings.ContainsAny(got, `/\`) || got == "." || got == ".." || strings.IndexFunc(got, unicode.IsControl) >= 0 {
				t.Fatalf("checkName accepts %q as %q", name, got)
			}
			entry := path.Join("Folder", uniqueName(map[string]bool{}, got))
			if path.Dir(entry) != "Folder" {
				t.Fatalf("an archive entry named %q lands at %s", got, entry)
			}
		}
		safe := safeFilename(name, "files")
		if safe == "" || strings.ContainsAny(safe, `/\:*?"<>|`) || strings.IndexFunc(safe, unicode.IsControl) >= 0 {
			t.Fatalf("safeFilename(%q) = %q", name, safe)
		}
		if len([]rune(safe)) > 100 {
			t.Fatalf("safeFilename(%q) is %d characters", name, len([]rune(safe)))
		}
	})
}
