package org_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store/dbtest"
)

type mailEnv struct {
	svc  *org.MailSettings
	seed demo.Seeded
}

func mailSetup(t *testing.T) *mailEnv {
	t.Helper()
	st := dbtest.FreshStore(t)
	seed, err := demo.Seed(context.Background(), st, "localhost")
	require.NoError(t, err)
	return &mailEnv{svc: org.NewMailSettings(org.NewDirectory(st), "mail.portico.test"), seed: seed}
}

// req is a demo user's request; the global admin works in the admin panel.
func (e *mailEnv) req(email string) org.Request {
	u := e.seed.Users[email]
	return org.Request{User: u, AdminPanel: u.UserRole == "admin"}
}

func (e *mailEnv) company(name string) uuid.UUID { return e.seed.Companies[name].UUID }
func (e *mailEnv) category(name string) int64    { return e.seed.Categories[name].ID }

// outcome is "" for success, else the catalogue code (and the key for ARGUMENT and VALIDATION errors).
func outcome(err error) string {
	if err == nil {
		return ""
	}
	e, ok := apperr.As(err)
	if !ok {
		return "unexpected: " + err.Error()
	}
	if e.Code == apperr.ValidationError || e.Code == apperr.ArgumentError {
		return string(e.Code) + ":" + e.Message
	}
	return string(e.Code)
}

const (
	ok       = ""
	denied   = string(apperr.AccessDenied)
	notFound = string(apperr.RecordNotFound)
)

// Who may do what with Acme Oy's e-mail settings and accepted senders (engine/access/doc.go).
func TestMailSettingsRoleMatrix(t *testing.T) {
	e := mailSetup(t)
	ctx := context.Background()
	acme := e.company("Acme Oy")
	accounting := e.category("Accounting")
	boolp := func(b bool) *bool { return &b }
	strp := func(s string) *string { return &s }

	users := []string{"admin@portico.test", "agentadmin@portico.test", "agent@portico.test", "anna@acme.test",
		"carl@acme.test", "eva@borealis.test"}
	tests := []struct {
		name string
		run  func(req org.Request, i int) error
		want []string // per user, in the order of users
	}{
		{"read the category settings", func(req org.Request, _ int) error {
			_, err := e.svc.CategorySettings(ctx, req, acme, org.Paging{})
			return err
		}, []string{ok, ok, ok, ok, ok, notFound}},
		{"switch e-mail on (and set the alias first)", func(req org.Request, i int) error {
			_, err := e.svc.UpdateCategorySetting(ctx, req, acme, accounting, org.CategorySettingInput{
				EmailAlias: strp("acme_matrix"), EmailEnabled: boolp(true)})
			return err
		}, []string{ok, denied, denied, denied, notFound, notFound}},
		{"edit the alias", func(req org.Request, i int) error {
			_, err := e.svc.UpdateCategorySetting(ctx, req, acme, accounting, org.CategorySettingInput{EmailAlias: strp("acme_matrix")})
			return err
		}, []string{ok, denied, denied, denied, notFound, notFound}},
		{"allow mail from any sender", func(req org.Request, _ int) error {
			_, err := e.svc.UpdateCategorySetting(ctx, req, acme, accounting, org.CategorySettingInput{
				AllowEmailsFromNonWhitelistedSenders: boolp(true)})
			return err
		}, []string{ok, ok, denied, ok, notFound, notFound}},
		{"list accepted e-mails", func(req org.Request, _ int) error {
			_, err := e.svc.AcceptedEmails(ctx, req, acme, "", org.Paging{})
			return err
		}, []string{ok, ok, ok, ok, ok, notFound}},
		{"list accepted domains", func(req org.Request, _ int) error {
			_, err := e.svc.AcceptedDomains(ctx, req, acme, "", org.Paging{})
			return err
		}, []string{ok, ok, ok, ok, ok, notFound}},
		{"add an accepted e-mail", func(req org.Request, i int) error {
			_, err := e.svc.AddAcceptedEmail(ctx, req, acme, "matrix"+string(rune('a'+i))+"@example.com")
			return err
		}, []string{ok, ok, denied, ok, denied, notFound}},
		{"add an accepted domain", func(req org.Request, i int) error {
			_, err := e.svc.AddAcceptedDomain(ctx, req, acme, "matrix"+string(rune('a'+i))+".example.com")
			return err
		}, []string{ok, ok, denied, ok, denied, notFound}},
		{"delete an accepted e-mail", func(req org.Request, i int) error {
			s, err := e.svc.AddAcceptedEmail(ctx, e.req("admin@portico.test"), acme, "gone"+string(rune('a'+i))+"@example.com")
			require.NoError(t, err)
			return e.svc.DeleteAcceptedEmail(ctx, req, s.ID)
		}, []string{ok, denied, denied, denied, denied, notFound}},
		{"delete an accepted domain", func(req org.Request, i int) error {
			s, err := e.svc.AddAcceptedDomain(ctx, e.req("admin@portico.test"), acme, "gone"+string(rune('a'+i))+".example.com")
			require.NoError(t, err)
			return e.svc.DeleteAcceptedDomain(ctx, req, s.ID)
		}, []string{ok, denied, denied, denied, denied, notFound}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, u := range users {
				require.Equal(t, tt.want[i], outcome(tt.run(e.req(u), i)), u)
			}
		})
	}

	t.Run("provider staff in the admin panel other than global admins see nothing here", func(t *testing.T) {
		req := e.req("agentadmin@portico.test")
		req.AdminPanel = true
		_, err := e.svc.CategorySettings(ctx, req, acme, org.Paging{})
		require.Equal(t, denied, outcome(err))
		_, err = e.svc.AddAcceptedEmail(ctx, req, acme, "panel@example.com")
		require.Equal(t, denied, outcome(err))
	})
}

func TestCategorySettingsListsWhatTheViewerReads(t *testing.T) {
	e := mailSetup(t)
	ctx := context.Background()
	acme := e.company("Acme Oy")
	names := func(email string) []string {
		p, err := e.svc.CategorySettings(ctx, e.req(email), acme, org.Paging{})
		require.NoError(t, err)
		require.EqualValues(t, len(p.Collection), p.TotalCount)
		var out []string
		for _, s := range p.Collection {
			out = append(out, s.Category.Name)
		}
		return out
	}
	require.Equal(t, []string{"Accounting", "Payroll", "HR", "Internal"}, names("admin@portico.test"))
	require.NotContains(t, names("anna@acme.test"), "Internal", "customers never see internal categories")
	require.Equal(t, []string{"Payroll"}, names("carl@acme.test"))

	page, err := e.svc.CategorySettings(ctx, e.req("admin@portico.test"), acme, org.Paging{Page: 2, Limit: 3})
	require.NoError(t, err)
	require.Len(t, page.Collection, 1)
	require.EqualValues(t, 4, page.TotalCount)
}

func TestCategorySettingBadInput(t *testing.T) {
	e := mailSetup(t)
	ctx := context.Background()
	admin := e.req("admin@portico.test")
	acme, borealis := e.company("Acme Oy"), e.company("Borealis AB")
	accounting, payroll := e.category("Accounting"), e.category("Payroll")
	strp := func(s string) *string { return &s }
	boolp := func(b bool) *bool { return &b }

	_, err := e.svc.UpdateCategorySetting(ctx, admin, borealis, accounting, org.CategorySettingInput{EmailAlias: strp("Borealis_Books")})
	require.NoError(t, err)

	tests := []struct {
		name     string
		company  uuid.UUID
		category int64
		in       org.CategorySettingInput
		want     string
	}{
		{"alias taken by another company", acme, accounting, org.CategorySettingInput{EmailAlias: strp("borealis_books")},
			"VALIDATION_ERROR:email_alias_has_already_been_taken"},
		{"alias taken by another category", borealis, payroll, org.CategorySettingInput{EmailAlias: strp("BOREALIS_BOOKS")},
			"VALIDATION_ERROR:email_alias_has_already_been_taken"},
		{"alias with a hyphen", acme, accounting, org.CategorySettingInput{EmailAlias: strp("acme-books")},
			"VALIDATION_ERROR:email_alias_is_invalid"},
		{"alias with a digit", acme, accounting, org.CategorySettingInput{EmailAlias: strp("acme1")},
			"VALIDATION_ERROR:email_alias_is_invalid"},
		{"alias with an address", acme, accounting, org.CategorySettingInput{EmailAlias: strp("acme@x.test")},
			"VALIDATION_ERROR:email_alias_is_invalid"},
		{"alias with a letter outside ASCII", acme, accounting, org.CategorySettingInput{EmailAlias: strp("kirjanpitö")},
			"VALIDATION_ERROR:email_alias_is_invalid"},
		{"blank alias", acme, accounting, org.CategorySettingInput{EmailAlias: strp("  ")},
			"VALIDATION_ERROR:email_alias_cannot_be_blank"},
		{"switched on without an alias", acme, payroll, org.CategorySettingInput{EmailEnabled: boolp(true)},
			"VALIDATION_ERROR:email_alias_required_to_enable_email"},
		{"nothing to change", acme, accounting, org.CategorySettingInput{}, "ARGUMENT_ERROR:nothing_to_update"},
		{"a category the company does not use", acme, 999999, org.CategorySettingInput{EmailAlias: strp("x")}, notFound},
		{"a company that does not exist", uuid.New(), accounting, org.CategorySettingInput{EmailAlias: strp("x")}, notFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.svc.UpdateCategorySetting(ctx, admin, tt.company, tt.category, tt.in)
			require.Equal(t, tt.want, outcome(err))
		})
	}

	t.Run("nothing changed", func(t *testing.T) {
		p, err := e.svc.CategorySettings(ctx, admin, acme, org.Paging{})
		require.NoError(t, err)
		for _, s := range p.Collection {
			require.Nil(t, s.EmailAlias, s.Category.Name)
			require.False(t, s.EmailEnabled, s.Category.Name)
		}
	})

	t.Run("an alias is kept as typed and answered with its address", func(t *testing.T) {
		s, err := e.svc.UpdateCategorySetting(ctx, admin, acme, accounting, org.CategorySettingInput{
			EmailAlias: strp("Acme_Books+in"), EmailEnabled: boolp(true)})
		require.NoError(t, err)
		require.Equal(t, "Acme_Books+in", *s.EmailAlias)
		require.Equal(t, "acme_books+in@mail.portico.test", *s.FullEmail)
		require.True(t, s.EmailEnabled)
		// its own alias again, in other letters, is no clash
		_, err = e.svc.UpdateCategorySetting(ctx, admin, acme, accounting, org.CategorySettingInput{EmailAlias: strp("acme_books+IN")})
		require.NoError(t, err)
	})
}

func TestAcceptedSendersBadInput(t *testing.T) {
	e := mailSetup(t)
	ctx := context.Background()
	admin := e.req("admin@portico.test")
	acme := e.company("Acme Oy")

	for _, tt := range []struct{ in, want string }{
		{"", "VALIDATION_ERROR:email_cannot_be_blank"},
		{"not an address", "VALIDATION_ERROR:email_is_invalid"},
		{"anna@", "VALIDATION_ERROR:email_is_invalid"},
		{"@acme.test", "VALIDATION_ERROR:email_is_invalid"},
		{"anna@localhost", "VALIDATION_ERROR:email_is_invalid"},
		{"Anna <anna@acme.test>", "VALIDATION_ERROR:email_is_invalid"},
		{"anna@acme.test, carl@acme.test", "VALIDATION_ERROR:email_is_invalid"},
	} {
		_, err := e.svc.AddAcceptedEmail(ctx, admin, acme, tt.in)
		require.Equal(t, tt.want, outcome(err), "%q", tt.in)
	}
	for _, tt := range []struct{ in, want string }{
		{"", "VALIDATION_ERROR:domain_cannot_be_blank"},
		{"localhost", "VALIDATION_ERROR:domain_is_invalid"},
		{"acme.t", "VALIDATION_ERROR:domain_is_invalid"},
		{"acme .test", "VALIDATION_ERROR:domain_is_invalid"},
		{"anna@acme.test", "VALIDATION_ERROR:domain_is_invalid"},
		{"acme..test", "VALIDATION_ERROR:domain_is_invalid"},
		{".acme.test", "VALIDATION_ERROR:domain_is_invalid"},
		{"https://acme.test", "VALIDATION_ERROR:domain_is_invalid"},
	} {
		_, err := e.svc.AddAcceptedDomain(ctx, admin, acme, tt.in)
		require.Equal(t, tt.want, outcome(err), "%q", tt.in)
	}
	list, err := e.svc.AcceptedEmails(ctx, admin, acme, "", org.Paging{})
	require.NoError(t, err)
	require.Zero(t, list.TotalCount, "nothing was added")

	added, err := e.svc.AddAcceptedEmail(ctx, admin, acme, " Anna@Acme.Test ")
	require.NoError(t, err)
	require.Equal(t, "anna@acme.test", added.Value)
	_, err = e.svc.AddAcceptedEmail(ctx, admin, acme, "ANNA@acme.test")
	require.Equal(t, "VALIDATION_ERROR:email_has_already_been_taken", outcome(err))
	_, err = e.svc.AddAcceptedDomain(ctx, admin, acme, "Partner.Example.com")
	require.NoError(t, err)
	_, err = e.svc.AddAcceptedDomain(ctx, admin, acme, "partner.example.COM")
	require.Equal(t, "VALIDATION_ERROR:domain_has_already_been_taken", outcome(err))

	t.Run("search and paging", func(t *testing.T) {
		for _, a := range []string{"b@x.test", "c@x.test", "d@y.test"} {
			_, err := e.svc.AddAcceptedEmail(ctx, admin, acme, a)
			require.NoError(t, err)
		}
		p, err := e.svc.AcceptedEmails(ctx, admin, acme, "X.TEST", org.Paging{Limit: 1, Page: 2})
		require.NoError(t, err)
		require.EqualValues(t, 2, p.TotalCount)
		require.Len(t, p.Collection, 1)
		require.Equal(t, "c@x.test", p.Collection[0].Value)
	})

	t.Run("an entry of a company the viewer does not see is not found", func(t *testing.T) {
		err := e.svc.DeleteAcceptedEmail(ctx, e.req("eva@borealis.test"), added.ID)
		require.Equal(t, notFound, outcome(err))
		require.Equal(t, notFound, outcome(e.svc.DeleteAcceptedEmail(ctx, admin, 987654321)))
	})
}

func TestInboundLookups(t *testing.T) {
	e := mailSetup(t)
	ctx := context.Background()
	admin := e.req("admin@portico.test")
	acme := e.company("Acme Oy")
	strp := func(s string) *string { return &s }
	boolp := func(b bool) *bool { return &b }

	_, err := e.svc.UpdateCategorySetting(ctx, admin, acme, e.category("Accounting"), org.CategorySettingInput{
		EmailAlias: strp("acme_books"), EmailEnabled: boolp(true)})
	require.NoError(t, err)
	_, err = e.svc.AddAcceptedDomain(ctx, admin, acme, "acme.test")
	require.NoError(t, err)
	_, err = e.svc.AddAcceptedEmail(ctx, admin, acme, "partner@example.com")
	require.NoError(t, err)

	target, err := e.svc.CategoryByAlias(ctx, "ACME_BOOKS@mail.portico.test")
	require.NoError(t, err)
	require.Equal(t, e.seed.Companies["Acme Oy"].ID, target.CompanyID)
	require.Equal(t, e.category("Accounting"), target.CategoryID)
	require.True(t, target.Receives())
	for _, bad := range []string{"acme_books@other.test", "nobody@mail.portico.test", "acme-books@mail.portico.test"} {
		_, err = e.svc.CategoryByAlias(ctx, bad)
		require.ErrorIs(t, err, org.ErrNoAlias, bad)
	}

	for sender, want := range map[string]bool{
		"carl@acme.test": true, "Carl <CARL@ACME.TEST>": true, "partner@example.com": true,
		"other@example.com": false, "carl@sub.acme.test": false, "garbage": false,
	} {
		got, err := e.svc.MayReceiveFrom(ctx, target, sender)
		require.NoError(t, err)
		require.Equal(t, want, got, sender)
	}
	_, err = e.svc.UpdateCategorySetting(ctx, admin, acme, e.category("Accounting"), org.CategorySettingInput{
		AllowEmailsFromNonWhitelistedSenders: boolp(true)})
	require.NoError(t, err)
	target, err = e.svc.CategoryByAlias(ctx, "acme_books")
	require.NoError(t, err)
	got, err := e.svc.MayReceiveFrom(ctx, target, "other@example.com")
	require.NoError(t, err)
	require.True(t, got, "any sender once allowed")
}
