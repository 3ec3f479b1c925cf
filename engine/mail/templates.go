package mail

import (
	"bytes"
	"html"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
)

// The mails' words per language (en, fi, sv); the user's language first, then
// the company's communication language, then English.
var words = map[string]map[string]string{
	"en": {
		TriggerNewMessageThread:       "New thread: %s",
		TriggerUrgentMessageThread:    "Urgent thread: %s",
		TriggerNewMessageInThread:     "New message in %s",
		TriggerThreadMentionOfMe:      "You were mentioned in %s",
		TriggerThreadStatusChanged:    "Status changed in %s",
		TriggerNewFileUploaded:        "New file in %s",
		TriggerAssignmentChanged:      "Assigned to you: %s",
		TriggerThreadDueDateChanged:   "Due date changed in %s",
		TriggerNewReactionToMyMessage: "New reaction to your message in %s",
		TriggerAccessRightsChanged:    "Your access rights changed in %s",
		"digest.subject":              "Your Portico digest: %d updates",
		"daily.subject":               "Due soon and overdue: %d threads",
		"open":                        "Open the thread",
		"open.company":                "Open the company",
		"by":                          "by",
		"settings":                    "Notification settings",
		"why":                         "You get this mail because of your notification settings.",
		"overdue":                     "overdue",
		"due":                         "due",
		"hello":                       "Hello",
	},
	"fi": {
		TriggerNewMessageThread:       "Uusi keskustelu: %s",
		TriggerUrgentMessageThread:    "Kiireellinen keskustelu: %s",
		TriggerNewMessageInThread:     "Uusi viesti: %s",
		TriggerThreadMentionOfMe:      "Sinut mainittiin: %s",
		TriggerThreadStatusChanged:    "Tila muuttui: %s",
		TriggerNewFileUploaded:        "Uusi tiedosto: %s",
		TriggerAssignmentChanged:      "Sinulle osoitettu: %s",
		TriggerThreadDueDateChanged:   "Eräpäivä muuttui: %s",
		TriggerNewReactionToMyMessage: "Uusi reaktio viestiisi: %s",
		TriggerAccessRightsChanged:    "Käyttöoikeutesi muuttuivat: %s",
		"digest.subject":              "Portico-kooste: %d päivitystä",
		"daily.subject":               "Pian erääntyvät ja myöhässä: %d keskustelua",
		"open":                        "Avaa keskustelu",
		"open.company":                "Avaa yritys",
		"by":                          "lähettäjä",
		"settings":                    "Ilmoitusasetukset",
		"why":                         "Saat tämän viestin ilmoitusasetustesi vuoksi.",
		"overdue":                     "myöhässä",
		"due":                         "eräpäivä",
		"hello":                       "Hei",
	},
	"sv": {
		TriggerNewMessageThread:       "Ny konversation: %s",
		TriggerUrgentMessageThread:    "Brådskande konversation: %s",
		TriggerNewMessageInThread:     "Nytt meddelande: %s",
		TriggerThreadMentionOfMe:      "Du nämndes i %s",
		TriggerThreadStatusChanged:    "Status ändrad: %s",
		TriggerNewFileUploaded:        "Ny fil: %s",
		TriggerAssignmentChanged:      "Tilldelad dig: %s",
		TriggerThreadDueDateChanged:   "Förfallodatum ändrat: %s",
		TriggerNewReactionToMyMessage: "Ny reaktion på ditt meddelande: %s",
		TriggerAccessRightsChanged:    "Dina åtkomsträttigheter ändrades: %s",
		"digest.subject":              "Ditt Portico-sammandrag: %d uppdateringar",
		"daily.subject":               "Förfaller snart och försenade: %d konversationer",
		"open":                        "Öppna konversationen",
		"open.company":                "Öppna företaget",
		"by":                          "av",
		"settings":                    "Aviseringsinställningar",
		"why":                         "Du får det här meddelandet på grund av dina aviseringsinställningar.",
		"overdue":                     "försenad",
		"due":                         "förfallodatum",
		"hello":                       "Hej",
	},
}

// Language picks the mail's language: the user's, else the company's
// communication language, else English.
func Language(user, company string) string {
	if _, ok := words[user]; ok {
		return user
	}
	if _, ok := words[company]; ok {
		return company
	}
	return "en"
}

func word(lang, key string) string {
	if w, ok := words[lang][key]; ok {
		return w
	}
	return words["en"][key]
}

// excerptMax bounds the text of a message quoted in a mail (Show more's 600).
const excerptMax = 600

var strict = bluemonday.StrictPolicy()

// Excerpt is a message's stored HTML as plain text for a mail: markup and
// scripts dropped, whitespace folded, cut at 600 characters.
func Excerpt(body string) string {
	text := html.UnescapeString(strict.Sanitize(strings.NewReplacer("<br>", "\n", "</p>", "\n", "</div>", "\n").Replace(body)))
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) > excerptMax {
		r := []rune(text)
		text = strings.TrimSpace(string(r[:excerptMax])) + "…"
	}
	return text
}

// Item is one thread event in a mail.
type Item struct {
	Heading string // e.g. "New message in Payroll questions"
	Company string
	By      string
	Excerpt string
	Link    string
	Due     string // daily mails: the due date and whether overdue
	// Open names the link when it is not the thread's (the mail's "open").
	Open string
}

type page struct {
	Lang, Hello, Name, Open, ByWord, Why, Settings, SettingsLink string
	Items                                                        []Item
}

var htmlPage = htmltemplate.Must(htmltemplate.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;max-width:640px;margin:0 auto;padding:16px">
<p>{{.Hello}} {{.Name}},</p>
{{range .Items}}<div style="border:1px solid #e5e5e5;border-radius:8px;padding:12px 16px;margin:12px 0">
<p style="margin:0 0 4px;font-weight:bold">{{.Heading}}</p>
<p style="margin:0 0 8px;color:#595959">{{.Company}}{{if .By}} · {{$.ByWord}} {{.By}}{{end}}{{if .Due}} · {{.Due}}{{end}}</p>
{{if .Excerpt}}<p style="margin:0 0 8px;white-space:pre-wrap">{{.Excerpt}}</p>{{end}}
<p style="margin:0"><a href="{{.Link}}" style="color:#1668dc">{{if .Open}}{{.Open}}{{else}}{{$.Open}}{{end}}</a></p>
</div>{{end}}
<p style="color:#8c8c8c;font-size:12px">{{.Why}} <a href="{{.SettingsLink}}" style="color:#8c8c8c">{{.Settings}}</a></p>
</body></html>
`))

var textPage = texttemplate.Must(texttemplate.New("mail").Parse(`{{.Hello}} {{.Name}},
{{range .Items}}
{{.Heading}}
{{.Company}}{{if .By}} · {{$.ByWord}} {{.By}}{{end}}{{if .Due}} · {{.Due}}{{end}}
{{if .Excerpt}}{{.Excerpt}}
{{end}}{{if .Open}}{{.Open}}{{else}}{{$.Open}}{{end}}: {{.Link}}
{{end}}
--
{{.Why}}
{{.Settings}}: {{.SettingsLink}}
`))

// render builds a mail's HTML and text bodies.
func render(lang, name, settingsLink string, items []Item) (htmlBody, textBody string, err error) {
	p := page{Lang: lang, Hello: word(lang, "hello"), Name: name, Open: word(lang, "open"), ByWord: word(lang, "by"),
		Why: word(lang, "why"), Settings: word(lang, "settings"), SettingsLink: settingsLink, Items: items}
	var h, t bytes.Buffer
	if err := htmlPage.Execute(&h, p); err != nil {
		return "", "", err
	}
	if err := textPage.Execute(&t, p); err != nil {
		return "", "", err
	}
	return h.String(), t.String(), nil
}
