package inbox

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	xhtml "golang.org/x/net/html"
)

// The fuzz targets' seeds run in every `go test`; `make fuzz` runs each for
// longer (go test -fuzz).

var sanitizerSeeds = []string{
	`<p>Hello <strong>world</strong></p>`,
	`<a href="example.com/x?y=1">link</a>`,
	`<a href="https://example.com" target="_blank">x</a>`,
	`<span class="mention" data-id="0b7f0a5e-5d0c-4c55-8f37-2d2b8c1b1a11" data-name="Anna">@Anna</span>`,
	`<script>alert(1)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<a href="java&#x09;script:alert(1)">x</a>`,
	`<a href=" JaVaScRiPt:alert(1)">x</a>`,
	`<svg><animate onbegin=alert(1)>`,
	`<p style="x">a</p><iframe srcdoc="<script>alert(1)</script>">`,
	`<<script>script>alert(1)<</script>/script>`,
	`<a href="data:text/html,<script>alert(1)</script>">x</a>`,
	`<div><ul><li>one<li>two</ul></div>`,
	`<a href="&#106;avascript:alert(1)">x</a>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	"<a href=\"https://x\x00\">x</a>",
}

// eventAttr is an attribute that runs script.
var eventAttr = regexp.MustCompile(`(?i)^on`)

// The sanitiser's answer never carries a script: no script, style or frame
// elements, no event-handler or style attributes, no link to javascript:,
// vbscript: or data: (as the browser reads the attribute, entities decoded);
// and sanitising it again changes nothing.
func FuzzSanitize(f *testing.F) {
	for _, s := range sanitizerSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		body, err := Sanitize("message", in)
		if err != nil {
			return
		}
		assertHarmless(t, in, body.HTML)
		again, err := Sanitize("message", body.HTML)
		if err != nil {
			t.Fatalf("sanitised output is refused the second time (%v):\n in: %q\nout: %q", err, in, body.HTML)
		}
		if again.HTML != body.HTML {
			t.Fatalf("sanitising is not idempotent:\n in: %q\n 1st: %q\n 2nd: %q", in, body.HTML, again.HTML)
		}
	})
}

func assertHarmless(t *testing.T, in, out string) {
	t.Helper()
	z := xhtml.NewTokenizer(strings.NewReader(out))
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return
		}
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		if dangerousTags[strings.ToLower(tok.Data)] || strings.EqualFold(tok.Data, "img") {
			t.Fatalf("output keeps <%s>:\n in: %q\nout: %q", tok.Data, in, out)
		}
		for _, a := range tok.Attr {
			if eventAttr.MatchString(a.Key) || strings.EqualFold(a.Key, "style") || strings.EqualFold(a.Key, "srcdoc") {
				t.Fatalf("output keeps attribute %s:\n in: %q\nout: %q", a.Key, in, out)
			}
			// the tokenizer has decoded entities, as the browser would
			v := strings.ToLower(strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) || unicode.IsControl(r) {
					return -1
				}
				return r
			}, a.Val))
			for _, scheme := range []string{"javascript:", "vbscript:", "data:"} {
				if strings.HasPrefix(v, scheme) {
					t.Fatalf("output keeps a %s link:\n in: %q\nout: %q", scheme, in, out)
				}
			}
		}
	}
}

// Upload file names never escape the directory they are put in: no path
// separators, no "." or "..", no control characters, valid UTF-8 as given.
func FuzzUploadFilename(f *testing.F) {
	for _, s := range []string{"report.pdf", "../../etc/passwd", `..\..\windows\win.ini`, "a/b/c.txt", "/", ".", "..",
		"  spaced .txt ", "new\nline.txt", "C:\\Users\\x\\kuitti.jpg", "\x00.png", "ä/ö\\å.png", "..\u2215x", "%2e%2e%2fx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := cleanFilename(name)
		if got == "" {
			return
		}
		if strings.ContainsAny(got, `/\`) || got == "." || got == ".." {
			t.Fatalf("cleanFilename(%q) = %q keeps a path", name, got)
		}
		if strings.IndexFunc(got, unicode.IsControl) >= 0 {
			t.Fatalf("cleanFilename(%q) = %q keeps a control character", name, got)
		}
		if utf8.ValidString(name) && !utf8.ValidString(got) {
			t.Fatalf("cleanFilename(%q) = %q breaks UTF-8", name, got)
		}
		joined := filepath.Join("/blobs/company", got)
		if filepath.Dir(joined) != "/blobs/company" {
			t.Fatalf("cleanFilename(%q) = %q lands at %s", name, got, joined)
		}
	})
}

// Search text: whatever is typed, the highlight the browser renders has no
// markup but <mark>, and the people search's ILIKE pattern matches the text
// literally (every %, _ and \ escaped).
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"invoice", `50% off_now\`, "<script>alert(1)</script>", "[[[kuitti]]] <b>", `"exact phrase" -not or`,
		"]]][[[", "ä_ö%å", `\%`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		hl := markHighlight(q)
		rest := strings.NewReplacer("<mark>", "", "</mark>", "").Replace(hl)
		if strings.ContainsAny(rest, "<>") {
			t.Fatalf("highlight of %q keeps markup: %q", q, hl)
		}
		pattern := likeEscape(q)
		if unescaped := unescapeLike(t, q, pattern); unescaped != q {
			t.Fatalf("likeEscape(%q) = %q reads back as %q", q, pattern, unescaped)
		}
	})
}

// unescapeLike reads an ILIKE pattern with backslash escapes, failing on a
// wildcard that is not escaped.
func unescapeLike(t *testing.T, q, p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 >= len(p) {
				t.Fatalf("likeEscape(%q) = %q ends in a lone escape", q, p)
			}
			i++
			b.WriteByte(p[i])
		case '%', '_':
			t.Fatalf("likeEscape(%q) = %q has an unescaped wildcard", q, p)
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}
