package audit_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/audit"
	"portico/engine/blob"
	"portico/engine/files"
	"portico/engine/inbound"
	"portico/engine/inbox"
	"portico/engine/org"
)

// Every event category of the spec is written by some operation: the test
// drives one operation per category through the engine's services, as the
// edge calls them, then reads the events log.
func TestEveryEventCategoryIsWritten(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	dir := org.NewDirectory(e.st)
	as := func(email string, adminPanel bool) org.Request {
		return org.Request{User: e.seed.Users[email], AdminPanel: adminPanel}
	}
	acme, kalev := e.seed.Companies["Acme Oy"], e.seed.Companies["Kalev AS"]
	payroll := e.seed.Categories["Payroll"].ID
	ok := func(err error, what string) { t.Helper(); require.NoError(t, err, what) }
	str := func(s string) *string { return &s }

	// Users: a user changes their language
	_, err := dir.SetLanguage(ctx, as("carl@acme.test", false), "fi")
	ok(err, "SetLanguage")
	// Inbox: a customer creates a task
	blobs, err := blob.NewLocal(t.TempDir())
	ok(err, "blobs")
	_, err = inbox.New(e.st, dir, inbox.Options{Blobs: blobs}).CreateTask(ctx, as("anna@acme.test", false),
		inbox.CreateTaskParams{CompanyID: acme.UUID, CategoryID: payroll, Title: "Events check"})
	ok(err, "CreateTask")
	// Files: an agent admin adds a folder under one of Acme Oy's root folders
	ok(demo.SeedFiles(ctx, e.st, blobs, e.seed), "the demo folders")
	var root uuid.UUID
	ok(e.st.Pool.QueryRow(ctx, `SELECT uuid FROM folders WHERE company_id = $1 AND parent_id IS NULL AND category_id = $2 ORDER BY id LIMIT 1`,
		acme.ID, payroll).Scan(&root), "a root folder")
	_, err = files.New(files.Deps{Store: e.st, Directory: dir, Blobs: blobs}).CreateFolder(ctx,
		as("agentadmin@portico.test", false), acme.UUID, &root, "Events check")
	ok(err, "CreateFolder")
	// InboundEmail: a stranger's mail to Acme Oy's Payroll alias is refused and logged
	ok(demo.SeedMail(ctx, e.st, e.seed), "the demo alias")
	in := inbound.New(e.st, org.NewMailSettings(dir, "portico.test"), inbox.New(e.st, dir, inbox.Options{Blobs: blobs}),
		inbound.NewTokens([]byte("events-check"), "portico.test"), inbound.Config{Domain: "portico.test"}, nil)
	rcpt, err := in.Recipient(ctx, demo.MailAlias+"@portico.test")
	ok(err, "the alias is a recipient")
	mail := "From: stranger@elsewhere.test\r\nTo: " + rcpt.Address + "\r\nSubject: Events check\r\n\r\nHello\r\n"
	require.Error(t, in.Deliver(ctx, inbound.Envelope{From: "stranger@elsewhere.test"}, rcpt, strings.NewReader(mail)),
		"a stranger's mail is refused")
	// Category: a user chooses the categories they see
	ok(dir.SelectCategories(ctx, as("anna@acme.test", false), []int64{payroll}), "SelectCategories")
	// Company: a customer accepts the terms for their company
	ok(dir.AcceptTerms(ctx, as("kalle@kalev.test", false), kalev.UUID), "AcceptTerms")
	// CustomerUser and Admin:CustomerUser: a customer admin adds a user, and the global admin in the admin panel
	people := org.NewPeople(dir, nil)
	_, err = people.CreateCustomer(ctx, as("anna@acme.test", false), org.NewCustomer{Name: "Eero Events", Email: "eero@acme.test"},
		org.MembershipInput{CompanyID: acme.UUID, Role: "user", CategoryIDs: []int64{payroll}})
	ok(err, "CreateCustomer as a customer admin")
	_, err = people.CreateCustomer(ctx, as("admin@portico.test", true), org.NewCustomer{Name: "Aino Admin-Events", Email: "aino@acme.test"},
		org.MembershipInput{CompanyID: acme.UUID, Role: "user", CategoryIDs: []int64{payroll}})
	ok(err, "CreateCustomer in the admin panel")
	// SystemBanner: the global admin writes a global banner
	_, err = org.NewBanners(dir, nil).Create(ctx, as("admin@portico.test", true), org.BannerInput{BannerGroup: str("global"),
		BannerType: str("info"), Description: str("<p>Events check</p>"), UserTypes: []string{"customer"}})
	ok(err, "banner Create")
	// Admin:AgentUser: an agent is made responsible for a company
	ok(org.NewResponsibility(dir, nil).SetResponsible(ctx, as("admin@portico.test", true), acme.UUID,
		e.seed.Users["agentadmin@portico.test"].UUID, true), "SetResponsible")
	// DynamicFieldValue: the global admin defines a dynamic field
	_, err = dir.CreateDynamicField(ctx, as("admin@portico.test", true), org.DynamicFieldInput{CategoryID: &payroll,
		Name: "events_check", Title: "Events check", Type: "text"})
	ok(err, "CreateDynamicField")
	// CompanyCategory: the global admin switches a category's e-mail
	off := false
	_, err = org.NewMailSettings(dir, "mail.portico.test").UpdateCategorySetting(ctx, as("admin@portico.test", true),
		acme.UUID, payroll, org.CategorySettingInput{EmailEnabled: &off})
	ok(err, "UpdateCategorySetting")

	rows, err := e.st.Pool.Query(ctx, `SELECT DISTINCT event_category FROM events_log`)
	ok(err, "the written categories")
	var written []string
	for rows.Next() {
		var c string
		ok(rows.Scan(&c), "scan")
		written = append(written, c)
	}
	ok(rows.Err(), "rows")
	for _, c := range audit.Categories {
		if c == "Workflow" {
			continue // Portico's own category, beyond the spec's list
		}
		require.True(t, slices.Contains(written, c), "no operation wrote an event of category %s (written: %v)", c, written)
	}
	for _, c := range written {
		require.Contains(t, audit.Categories, c, "an event of a category the events log does not list")
	}
}
