package inbox

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/microcosm-cc/bluemonday"
	xhtml "golang.org/x/net/html"

	"portico/engine/apperr"
)

// policy is the spec's message HTML: tags strong, em, u, p, div, span, br, a,
// ul, ol, li; attributes href, target, class, data-id, data-name; links open
// in a new tab with noopener.
var policy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("strong", "em", "u", "p", "div", "span", "br", "a", "ul", "ol", "li")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^[A-Za-z0-9_ -]*$`)).Globally()
	p.AllowAttrs("data-id", "data-name").Globally()
	p.AllowURLSchemes("https", "http", "mailto")
	p.RequireParseableURLs(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.RequireNoReferrerOnFullyQualifiedLinks(false)
	return p
}()

// dangerous elements and URL schemes are refused outright (disallowed_html),
// rather than silently dropped: a script in a message is an error.
var dangerousTags = map[string]bool{
	"script": true, "style": true, "iframe": true, "object": true, "embed": true, "frame": true,
	"frameset": true, "applet": true, "form": true, "base": true, "meta": true, "link": true, "svg": true, "math": true,
}

// Body is a sanitised message body.
type Body struct {
	HTML string
	// Text is the visible text: what the length limit and search count.
	Text string
	// Mentions are the ids in mention spans (data-id).
	Mentions []uuid.UUID
}

// Empty tells a body without text.
func (b Body) Empty() bool { return strings.TrimSpace(b.Text) == "" }

// Sanitize checks and cleans message HTML: ARGUMENT_ERROR disallowed_html for
// script and the like, VALIDATION_ERROR message_text_is_too_long over the
// limit. Links without a scheme get https.
func Sanitize(field, in string) (Body, error) {
	in = strings.TrimSpace(in)
	if in == "" {
		return Body{}, nil
	}
	if err := checkDangerous(in); err != nil {
		return Body{}, err
	}
	clean := policy.Sanitize(defaultHTTPS(in))
	b := Body{HTML: clean}
	b.Text, b.Mentions = textOf(clean)
	if utf8.RuneCountInString(b.Text) > MessageLimit {
		return Body{}, apperr.Invalid(field, "message_text_is_too_long")
	}
	return b, nil
}

func checkDangerous(in string) error {
	z := xhtml.NewTokenizer(strings.NewReader(in))
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return nil
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			if dangerousTags[strings.ToLower(tok.Data)] {
				return apperr.Argument("disallowed_html")
			}
			for _, a := range tok.Attr {
				key := strings.ToLower(a.Key)
				if strings.HasPrefix(key, "on") || key == "style" || key == "srcdoc" {
					return apperr.Argument("disallowed_html")
				}
				if key == "href" || key == "src" || key == "action" || key == "formaction" {
					v := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
					if strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "data:") || strings.HasPrefix(v, "vbscript:") {
						return apperr.Argument("disallowed_html")
					}
				}
			}
		}
	}
}

// defaultHTTPS gives scheme-less links https://.
func defaultHTTPS(in string) string {
	z := xhtml.NewTokenizer(strings.NewReader(in))
	var out strings.Builder
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return out.String()
		}
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken {
			out.Write(z.Raw())
			continue
		}
		tok := z.Token()
		if tok.Data != "a" {
			out.WriteString(tok.String())
			continue
		}
		for i, a := range tok.Attr {
			if a.Key != "href" {
				continue
			}
			v := strings.TrimSpace(a.Val)
			if u, err := url.Parse(v); err == nil && u.Scheme == "" && v != "" && !strings.HasPrefix(v, "#") {
				tok.Attr[i].Val = "https://" + strings.TrimPrefix(v, "//")
			}
		}
		out.WriteString(tok.String())
	}
}

// textOf returns the visible text of sanitised HTML and the mentioned ids.
func textOf(clean string) (string, []uuid.UUID) {
	z := xhtml.NewTokenizer(strings.NewReader(clean))
	var text strings.Builder
	var mentions []uuid.UUID
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return strings.TrimSpace(text.String()), mentions
		case xhtml.TextToken:
			text.WriteString(html.UnescapeString(string(z.Text())))
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			switch tok.Data {
			case "br", "p", "div", "li":
				if text.Len() > 0 {
					text.WriteString("\n")
				}
			}
			for _, a := range tok.Attr {
				if a.Key == "data-id" {
					if id, err := uuid.Parse(a.Val); err == nil {
						mentions = append(mentions, id)
					}
				}
			}
		}
	}
}
