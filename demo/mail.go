package demo

import (
	"context"

	"portico/engine/store"
)

// MailAlias is the demo's inbound address: Acme Oy's Payroll takes mail at
// acme_payroll@MAIL_DOMAIN from its accepted domain acme.test (swaks into the
// `portico dev` listener opens a thread there).
const MailAlias = "acme_payroll"

// SeedMail gives the demo its inbound alias and accepted domain. Run on every
// start of `portico dev`; it changes nothing an admin has set.
func SeedMail(ctx context.Context, st *store.Store, seeded Seeded) error {
	return st.InTx(ctx, func(q *store.Queries) error {
		acme := seeded.Companies["Acme Oy"]
		if err := q.CompanyCategoryAliasEnsure(ctx, store.CompanyCategoryAliasEnsureParams{Alias: MailAlias,
			CompanyID: acme.ID, CategoryID: seeded.Categories["Payroll"].ID}); err != nil {
			return err
		}
		return q.CompanyAcceptedDomainEnsure(ctx, store.CompanyAcceptedDomainEnsureParams{CompanyID: acme.ID, Domain: "acme.test"})
	})
}
