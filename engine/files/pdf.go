package files

import (
	_ "embed"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/microcosm-cc/bluemonday"

	"portico/engine/store"
)

// DejaVu Sans (Debian's fonts-dejavu-core; licence in font/LICENSE) is
// embedded so that the binary renders Finnish, Swedish and Estonian letters
// without any font installed.
var (
	//go:embed font/DejaVuSans.ttf
	fontRegular []byte
	//go:embed font/DejaVuSans-Bold.ttf
	fontBold []byte
)

// pdfDoc is what a thread PDF shows.
type pdfDoc struct {
	Title, Company, Category, Status string
	Created                          time.Time
	Messages                         []pdfMessage
	Attachments                      []pdfAttachment
}

type pdfMessage struct {
	Author string
	At     time.Time
	Text   string
}

type pdfAttachment struct {
	Name     string
	Size     int64
	Uploader string
	At       time.Time
}

func threadDoc(t store.PdfFileThreadRow, msgs []store.PdfFileMessagesRow, atts []store.PdfFileAttachmentsRow) pdfDoc {
	d := pdfDoc{Title: t.Title, Company: t.CompanyName, Category: t.CategoryName, Status: statusLabel(t.Status),
		Created: t.CreatedAt}
	for _, m := range msgs {
		text := m.BodyText
		if strings.TrimSpace(text) == "" {
			text = htmlText(m.Body)
		}
		d.Messages = append(d.Messages, pdfMessage{Author: m.AuthorName, At: m.CreatedAt, Text: text})
	}
	for _, a := range atts {
		d.Attachments = append(d.Attachments, pdfAttachment{Name: a.Filename, Size: a.FileSize, Uploader: a.UploaderName, At: a.UploadedAt})
	}
	return d
}

var (
	stripPolicy = bluemonday.StrictPolicy()
	breaks      = regexp.MustCompile(`(?i)<br\s*/?>|</p>|</div>|</li>`)
	blankLines  = regexp.MustCompile(`\n{3,}`)
)

// htmlText turns a message's sanitised HTML into plain text: tags dropped,
// paragraphs and line breaks kept as new lines, entities decoded.
func htmlText(body string) string {
	s := breaks.ReplaceAllString(body, "$0\n")
	s = html.UnescapeString(stripPolicy.Sanitize(s))
	return strings.TrimSpace(blankLines.ReplaceAllString(s, "\n\n"))
}

func statusLabel(s string) string {
	switch s {
	case "created":
		return "New"
	case "in_progress":
		return "In progress"
	case "closed":
		return "Closed"
	}
	return strings.ToUpper(s[:1]) + strings.ReplaceAll(s[1:], "_", " ")
}

const dateFormat = "2.1.2006 15:04 MST"

// renderPDF writes the thread document as an A4 PDF.
func renderPDF(w io.Writer, d pdfDoc) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreator("Portico", true)
	pdf.SetTitle(d.Title, true)
	pdf.AddUTF8FontFromBytes("DejaVu", "", fontRegular)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", fontBold)
	pdf.SetMargins(18, 18, 18)
	pdf.SetAutoPageBreak(true, 18)
	pdf.AliasNbPages("")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont("DejaVu", "", 8)
		pdf.SetTextColor(120, 120, 120)
		pdf.CellFormat(0, 6, fmt.Sprintf("%s · %d/{nb}", d.Title, pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()

	pdf.SetFont("DejaVu", "B", 16)
	pdf.MultiCell(0, 8, d.Title, "", "L", false)
	pdf.Ln(2)
	pdf.SetFont("DejaVu", "", 10)
	for _, kv := range [][2]string{{"Company", d.Company}, {"Category", d.Category}, {"Status", d.Status},
		{"Created", d.Created.UTC().Format(dateFormat)}} {
		pdf.SetFont("DejaVu", "B", 10)
		pdf.CellFormat(28, 6, kv[0]+":", "", 0, "L", false, 0, "")
		pdf.SetFont("DejaVu", "", 10)
		pdf.MultiCell(0, 6, kv[1], "", "L", false)
	}
	pdf.Ln(4)

	pdf.SetFont("DejaVu", "B", 13)
	pdf.CellFormat(0, 8, "Messages", "B", 1, "L", false, 0, "")
	pdf.Ln(2)
	if len(d.Messages) == 0 {
		pdf.SetFont("DejaVu", "", 10)
		pdf.MultiCell(0, 6, "No messages.", "", "L", false)
	}
	for _, m := range d.Messages {
		author := m.Author
		if author == "" {
			author = "—"
		}
		pdf.SetFont("DejaVu", "B", 10)
		pdf.CellFormat(0, 6, author+"  ·  "+m.At.UTC().Format(dateFormat), "", 1, "L", false, 0, "")
		pdf.SetFont("DejaVu", "", 10)
		pdf.MultiCell(0, 5.5, m.Text, "", "L", false)
		pdf.Ln(3)
	}

	pdf.Ln(2)
	pdf.SetFont("DejaVu", "B", 13)
	pdf.CellFormat(0, 8, "Attachments", "B", 1, "L", false, 0, "")
	pdf.Ln(2)
	pdf.SetFont("DejaVu", "", 10)
	if len(d.Attachments) == 0 {
		pdf.MultiCell(0, 6, "No attachments.", "", "L", false)
	}
	for _, a := range d.Attachments {
		line := fmt.Sprintf("%s  (%s)  %s, %s", a.Name, humanSize(a.Size), a.Uploader, a.At.UTC().Format(dateFormat))
		pdf.MultiCell(0, 6, "• "+line, "", "L", false)
	}
	if err := pdf.Error(); err != nil {
		return err
	}
	return pdf.Output(w)
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
