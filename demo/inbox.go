package demo

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"portico/engine/blob"
	"portico/engine/inbox"
	"portico/engine/org"
	"portico/engine/store"
)

// demoMessage is one message of a demo thread; React names who reacts to it with 👍.
type demoMessage struct {
	By, Body string
	React    []string
}

// demoThread is a thread of the demo inbox, written through the inbox engine
// so that counters, read state and the events log are what real use leaves.
type demoThread struct {
	Company, Category, By, Title, Description string
	Priority                                  string
	Urgent                                    bool
	// Due is days from now (negative: overdue); 0 means no due date.
	Due      int
	Messages []demoMessage
	// File is an attachment the author uploads.
	File string
	// Assign is the staff member made responsible.
	Assign string
	// Statuses are set in turn by Actor (staff) after the messages.
	Statuses []string
	// Deleted threads end in the bin (deleted by the global admin).
	Deleted bool
}

const demoActor = "agent@portico.test"

var demoThreads = []demoThread{
	{Company: "Acme Oy", Category: "Accounting", By: "anna@acme.test", Title: "Lokakuun laskut / October invoices",
		Description: "<p>Hi, the <strong>October purchase invoices</strong> are attached. Could you check the VAT?</p>",
		File:        "invoices-2026-10.csv", Assign: "agent@portico.test", Statuses: []string{"in_progress"}, Due: 5,
		Messages: []demoMessage{
			{By: "agent@portico.test", Body: "<p>Thanks Anna, we will go through them this week.</p>", React: []string{"anna@acme.test"}},
			{By: "anna@acme.test", Body: "<p>Great, thank you!</p>"},
		}},
	{Company: "Acme Oy", Category: "Payroll", By: "agent@portico.test", Title: "Payroll run for November",
		Description: "<p>Please send the hours of hourly-paid staff by the 25th.</p>", Priority: "high", Due: 3,
		Messages: []demoMessage{
			{By: "carl@acme.test", Body: "<p>Hours attached tomorrow.</p>", React: []string{"agent@portico.test", "anna@acme.test"}},
		}},
	{Company: "Acme Oy", Category: "Accounting", By: "agent@portico.test", Title: "Arvonlisäveroilmoitus Q3 / VAT return Q3",
		Description: "<p>The VAT return for the third quarter is due.</p>", Priority: "very_high", Due: -2,
		Statuses: []string{"in_progress"},
		Messages: []demoMessage{{By: "anna@acme.test", Body: "<p>We are still missing two receipts.</p>"}}},
	{Company: "Acme Oy", Category: "Accounting", By: "anna@acme.test", Title: "Tilinpäätös 2025 / Year-end closing 2025",
		Description: "<p>Year-end closing documents.</p>", Statuses: []string{"in_progress", "closed"}, File: "balance-2025.csv",
		Messages: []demoMessage{{By: "agent@portico.test", Body: "<p>Closing is done and filed.</p>", React: []string{"anna@acme.test"}}}},
	{Company: "Acme Oy", Category: "HR", By: "anna@acme.test", Title: "New employment contract", Urgent: true,
		Description: "<p>A new designer starts in January; please prepare the contract.</p>"},
	{Company: "Acme Oy", Category: "Internal", By: "agent@portico.test", Title: "Staff notes: Acme Oy",
		Description: "<p>Anna prefers e-mail on Fridays.</p>"},
	{Company: "Acme Oy", Category: "Accounting", By: "anna@acme.test", Title: "Duplicate question", Deleted: true,
		Description: "<p>Sent twice by mistake.</p>"},
	{Company: "Borealis AB", Category: "Accounting", By: "eva@borealis.test", Title: "Fakturor för oktober",
		Description: "<p>Hej! Här är oktobers fakturor.</p>", File: "fakturor-2026-10.csv", Statuses: []string{"in_progress"},
		Assign:   "agentadmin@portico.test",
		Messages: []demoMessage{{By: "agentadmin@portico.test", Body: "<p>Tack, vi bokför dem i veckan.</p>", React: []string{"eva@borealis.test"}}}},
	{Company: "Borealis AB", Category: "Payroll", By: "agentadmin@portico.test", Title: "Lönekörning november",
		Description: "<p>Lönerna betalas den 25:e.</p>", Statuses: []string{"closed"}},
	{Company: "Borealis AB", Category: "Accounting", By: "eva@borealis.test", Title: "Årsredovisning 2025",
		Description: "<p>När kan vi se utkastet?</p>"},
}

// SeedInbox writes the demo threads (every status a user can reach, with
// messages, attachments and reactions) through the inbox engine. A company
// that has threads already is left as it is, so seeding twice adds nothing.
// Workflow tasks (and their skipped, cancelled or failed statuses) come from
// runs of the demo workflow, not from here.
func SeedInbox(ctx context.Context, st *store.Store, blobs blob.Store, s Seeded) error {
	svc := inbox.New(st, org.NewDirectory(st), inbox.Options{Blobs: blobs})
	defer svc.Settle() // the messages' unread marks, before the seed is done
	skip := map[string]bool{}
	for name, co := range s.Companies {
		has, err := st.ThreadCompanyHasAny(ctx, co.ID)
		if err != nil {
			return err
		}
		skip[name] = has
	}
	req := func(email string) org.Request { return org.Request{User: s.Users[email]} }
	for _, d := range demoThreads {
		if skip[d.Company] {
			continue
		}
		if err := seedThread(ctx, svc, req, s, d); err != nil {
			return fmt.Errorf("demo thread %q: %w", d.Title, err)
		}
	}
	return nil
}

func seedThread(ctx context.Context, svc *inbox.Service, req func(string) org.Request, s Seeded, d demoThread) error {
	p := inbox.CreateTaskParams{CompanyID: s.Companies[d.Company].UUID, CategoryID: s.Categories[d.Category].ID,
		Title: d.Title, Description: d.Description, Urgent: d.Urgent}
	if d.File != "" {
		body := []byte("date;amount\n2026-10-01;100,00\n2026-10-15;250,00\n")
		p.Files = []inbox.Upload{{Filename: d.File, ContentType: "text/csv", Size: int64(len(body)), Content: bytes.NewReader(body)}}
	}
	t, err := svc.CreateTask(ctx, req(d.By), p)
	if err != nil {
		return err
	}
	staff := req(demoActor)
	if d.Company != "Acme Oy" {
		staff = req("agentadmin@portico.test")
	}
	if d.Priority != "" {
		if _, err := svc.ChangePriority(ctx, staff, t.UUID, d.Priority); err != nil {
			return err
		}
	}
	if d.Due != 0 {
		due := time.Now().Add(time.Duration(d.Due) * 24 * time.Hour).Truncate(time.Hour)
		if _, err := svc.ChangeDueDate(ctx, staff, t.UUID, &due); err != nil {
			return err
		}
	}
	if d.Assign != "" {
		id := s.Users[d.Assign].UUID
		if _, err := svc.AssignTo(ctx, staff, t.UUID, &id, false); err != nil {
			return err
		}
	}
	for _, m := range d.Messages {
		a, err := svc.CreateMessage(ctx, req(m.By), inbox.CreateMessageParams{TaskID: t.UUID, Body: m.Body})
		if err != nil {
			return err
		}
		for _, who := range m.React {
			if _, err := svc.ToggleReaction(ctx, req(who), a.UUID, "👍"); err != nil {
				return err
			}
		}
	}
	for _, st := range d.Statuses {
		if _, err := svc.ChangeStatus(ctx, staff, t.UUID, st); err != nil {
			return err
		}
	}
	if d.Deleted {
		if _, err := svc.Delete(ctx, req("admin@portico.test"), t.UUID); err != nil {
			return err
		}
	}
	return nil
}
