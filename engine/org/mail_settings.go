package org

import (
	"context"
	"errors"
	"net/mail"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// Per-category e-mail settings (aliases) and accepted senders (spec 002
// §2.10, §5, §6, §7). The admin screens write them; inbound mail reads them
// through CategoryByAlias and AcceptsSender.

// Pages of the accepted lists and the settings list (spec 002 §9).
const (
	MailListPageSize = 10
	mailListMaxLimit = 100
)

var (
	// aliasPattern: only letters, underscore and plus (spec 002 §5).
	aliasPattern = regexp.MustCompile(`^[A-Za-z_+]+$`)
	// domainPattern: letters, digits, dots or hyphens, a dot, then a top-level part of two or more letters.
	domainPattern = regexp.MustCompile(`^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`)
)

// MailSettings manages a company's e-mail aliases and accepted senders.
type MailSettings struct {
	dir *Directory
	// domain is the mail domain aliases live under (alias@domain).
	domain string
}

// NewMailSettings builds the service; domain is the inbound mail domain
// (MAIL_DOMAIN) that makes an alias a full address.
func NewMailSettings(dir *Directory, domain string) *MailSettings {
	return &MailSettings{dir: dir, domain: strings.ToLower(strings.TrimSpace(domain))}
}

// CategorySetting is a company category's e-mail settings (CompanyCategorySetting).
type CategorySetting struct {
	ID           int64
	CompanyUUID  uuid.UUID
	Category     Category
	EmailEnabled bool
	EmailAlias   *string
	// FullEmail is alias@domain, nil without an alias.
	FullEmail                            *string
	AllowEmailsFromNonWhitelistedSenders bool
}

// CategorySettingPage is companyCategorySettings.
type CategorySettingPage struct {
	Collection []CategorySetting
	TotalCount int64
}

// CategorySettingInput is updateCompanyCategorySettings: nil keeps a value.
type CategorySettingInput struct {
	EmailEnabled                         *bool
	EmailAlias                           *string
	AllowEmailsFromNonWhitelistedSenders *bool
}

// AcceptedSender is an entry of the accepted e-mails or domains list.
type AcceptedSender struct {
	ID    int64
	Value string
}

// AcceptedPage is companyAcceptedEmails or companyAcceptedDomains.
type AcceptedPage struct {
	Collection []AcceptedSender
	TotalCount int64
}

// Paging is a page (from 1) and a limit; zero values take the defaults.
type Paging struct {
	Page, Limit int
}

func (p Paging) bounds() (limit, offset int32) {
	l := p.Limit
	if l <= 0 {
		l = MailListPageSize
	}
	l = min(l, mailListMaxLimit)
	page := max(p.Page, 1)
	return int32(l), int32((page - 1) * l)
}

// fullEmail is an alias's address.
func (m *MailSettings) fullEmail(alias *string) *string {
	if alias == nil || *alias == "" || m.domain == "" {
		return nil
	}
	s := strings.ToLower(*alias) + "@" + m.domain
	return &s
}

func (m *MailSettings) setting(c CompanyAccess, r store.CompanyCategorySettingListRow) CategorySetting {
	cat, _ := categoryOf(c, r.CategoryID)
	if cat.ID == 0 {
		cat = Category{ID: r.CategoryID, Name: r.CategoryName}
	}
	return CategorySetting{ID: value(r.ID), CompanyUUID: c.Company.UUID, Category: cat, EmailEnabled: r.EmailEnabled,
		EmailAlias: r.EmailAlias, FullEmail: m.fullEmail(r.EmailAlias),
		AllowEmailsFromNonWhitelistedSenders: r.AllowEmailsFromNonWhitelistedSenders}
}

func categoryOf(c CompanyAccess, id int64) (Category, bool) {
	for _, cat := range c.Categories {
		if cat.ID == id {
			return cat, true
		}
	}
	return Category{}, false
}

// readableSettings are the categories whose settings the viewer may read.
func readableSettings(c CompanyAccess) []int64 {
	ids := []int64{}
	for _, cat := range c.Categories {
		if c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyCategorySetting,
			access.Object{CompanyID: c.Company.UUID, CategoryID: cat.ID}) {
			ids = append(ids, cat.ID)
		}
	}
	return ids
}

// CategorySettings lists a company's category e-mail settings the viewer may
// read, in the categories' order (companyCategorySettings).
func (m *MailSettings) CategorySettings(ctx context.Context, req Request, companyID uuid.UUID, p Paging) (CategorySettingPage, error) {
	c, err := m.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return CategorySettingPage{}, err
	}
	if !c.Abilities.Can(access.ActionRead, access.SubjectCompanyCategorySetting) {
		return CategorySettingPage{}, apperr.Denied("")
	}
	ids := readableSettings(c)
	lim, off := p.bounds()
	rows, err := m.dir.st.CompanyCategorySettingList(ctx, store.CompanyCategorySettingListParams{CompanyID: c.Company.ID,
		CategoryIds: ids, Lim: lim, Off: off})
	if err != nil {
		return CategorySettingPage{}, err
	}
	n, err := m.dir.st.CompanyCategorySettingCount(ctx, store.CompanyCategorySettingCountParams{CompanyID: c.Company.ID, CategoryIds: ids})
	if err != nil {
		return CategorySettingPage{}, err
	}
	out := CategorySettingPage{Collection: make([]CategorySetting, len(rows)), TotalCount: n}
	for i, r := range rows {
		out.Collection[i] = m.setting(c, r)
	}
	return out, nil
}

// UpdateCategorySetting changes a company category's e-mail settings
// (updateCompanyCategorySettings). Each field changed needs update on that
// field: the enable switch and the alias are global admins' (admin panel),
// allowEmailsFromNonWhitelistedSenders also the company's admins'. An alias
// is letters, underscore and plus, and unique across every company
// (case-insensitive): email_alias_has_already_been_taken otherwise.
func (m *MailSettings) UpdateCategorySetting(ctx context.Context, req Request, companyID uuid.UUID, categoryID int64, in CategorySettingInput) (CategorySetting, error) {
	c, err := m.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return CategorySetting{}, err
	}
	obj := access.Object{CompanyID: c.Company.UUID, CategoryID: categoryID}
	if _, ok := categoryOf(c, categoryID); !ok ||
		!c.Abilities.CanOn(access.ActionRead, access.SubjectCompanyCategorySetting, obj) {
		return CategorySetting{}, apperr.NotFound("company_category_setting")
	}
	if in.EmailEnabled == nil && in.EmailAlias == nil && in.AllowEmailsFromNonWhitelistedSenders == nil {
		return CategorySetting{}, apperr.Argument("nothing_to_update")
	}
	for field, set := range map[string]bool{
		access.FieldEmailEnabled:                         in.EmailEnabled != nil,
		access.FieldEmailAlias:                           in.EmailAlias != nil,
		access.FieldAllowEmailsFromNonWhitelistedSenders: in.AllowEmailsFromNonWhitelistedSenders != nil,
	} {
		if set && !c.Abilities.CanOnField(access.ActionUpdate, access.SubjectCompanyCategorySetting, field, obj) {
			return CategorySetting{}, apperr.Denied("")
		}
	}
	var alias *string
	if in.EmailAlias != nil {
		a := strings.TrimSpace(*in.EmailAlias)
		switch {
		case a == "":
			return CategorySetting{}, apperr.Invalid("emailAlias", "email_alias_cannot_be_blank")
		case !aliasPattern.MatchString(a):
			return CategorySetting{}, apperr.Invalid("emailAlias", "email_alias_is_invalid")
		}
		alias = &a
	}
	var row store.CompanyCategorySettingLockRow
	err = m.dir.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		row, err = q.CompanyCategorySettingLock(ctx, store.CompanyCategorySettingLockParams{CompanyID: c.Company.ID, CategoryID: categoryID})
		if store.IsNotFound(err) {
			return apperr.NotFound("company_category_setting")
		} else if err != nil {
			return err
		}
		if alias != nil {
			owner, err := q.CompanyCategoryAliasOwner(ctx, *alias)
			switch {
			case err == nil && (owner.CompanyID != c.Company.ID || owner.CategoryID != categoryID):
				return apperr.Invalid("emailAlias", "email_alias_has_already_been_taken")
			case err != nil && !store.IsNotFound(err):
				return err
			}
			row.EmailAlias = alias
		}
		if in.EmailEnabled != nil {
			row.EmailEnabled = *in.EmailEnabled
		}
		if in.AllowEmailsFromNonWhitelistedSenders != nil {
			row.AllowEmailsFromNonWhitelistedSenders = *in.AllowEmailsFromNonWhitelistedSenders
		}
		if row.EmailEnabled && (row.EmailAlias == nil || *row.EmailAlias == "") {
			return apperr.Invalid("emailAlias", "email_alias_required_to_enable_email")
		}
		err = q.CompanyCategorySettingUpdate(ctx, store.CompanyCategorySettingUpdateParams{CompanyID: c.Company.ID,
			CategoryID: categoryID, EmailEnabled: row.EmailEnabled, EmailAlias: row.EmailAlias,
			AllowEmailsFromNonWhitelistedSenders: row.AllowEmailsFromNonWhitelistedSenders})
		if isUnique(err) {
			return apperr.Invalid("emailAlias", "email_alias_has_already_been_taken")
		} else if err != nil {
			return err
		}
		data := map[string]any{"categoryId": categoryID, "categoryName": row.CategoryName}
		if in.EmailEnabled != nil {
			data["emailEnabled"] = row.EmailEnabled
		}
		if in.EmailAlias != nil {
			data["emailAlias"] = row.EmailAlias
		}
		if in.AllowEmailsFromNonWhitelistedSenders != nil {
			data["allowEmailsFromNonWhitelistedSenders"] = row.AllowEmailsFromNonWhitelistedSenders
		}
		return logEvent(ctx, q, req, &c.Company.ID, "CompanyCategory", "email_settings_updated", data)
	})
	if err != nil {
		return CategorySetting{}, err
	}
	return m.setting(c, store.CompanyCategorySettingListRow(row)), nil
}

// senderKind is one of the two accepted lists.
type senderKind int

const (
	acceptedEmails senderKind = iota
	acceptedDomains
)

func (k senderKind) subject() string {
	if k == acceptedEmails {
		return access.SubjectCompanyAcceptedEmail
	}
	return access.SubjectCompanyAcceptedDomain
}

func (k senderKind) entity() string {
	if k == acceptedEmails {
		return "company_accepted_email"
	}
	return "company_accepted_domain"
}

// company is the company with action allowed on the list's subject.
func (m *MailSettings) company(ctx context.Context, req Request, companyID uuid.UUID, k senderKind, action string) (CompanyAccess, error) {
	c, err := m.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return c, err
	}
	if !c.Abilities.Can(action, k.subject()) {
		return c, apperr.Denied("")
	}
	return c, nil
}

// AcceptedEmails lists a company's accepted sender addresses, by address
// (companyAcceptedEmails); search keeps those containing it.
func (m *MailSettings) AcceptedEmails(ctx context.Context, req Request, companyID uuid.UUID, search string, p Paging) (AcceptedPage, error) {
	c, err := m.company(ctx, req, companyID, acceptedEmails, access.ActionRead)
	if err != nil {
		return AcceptedPage{}, err
	}
	lim, off := p.bounds()
	search = strings.TrimSpace(search)
	rows, err := m.dir.st.CompanyAcceptedEmailList(ctx, store.CompanyAcceptedEmailListParams{CompanyID: c.Company.ID,
		Search: search, Lim: lim, Off: off})
	if err != nil {
		return AcceptedPage{}, err
	}
	n, err := m.dir.st.CompanyAcceptedEmailCount(ctx, store.CompanyAcceptedEmailCountParams{CompanyID: c.Company.ID, Search: search})
	if err != nil {
		return AcceptedPage{}, err
	}
	out := AcceptedPage{Collection: make([]AcceptedSender, len(rows)), TotalCount: n}
	for i, r := range rows {
		out.Collection[i] = AcceptedSender{ID: r.ID, Value: r.Email}
	}
	return out, nil
}

// AcceptedDomains lists a company's accepted sender domains (companyAcceptedDomains).
func (m *MailSettings) AcceptedDomains(ctx context.Context, req Request, companyID uuid.UUID, search string, p Paging) (AcceptedPage, error) {
	c, err := m.company(ctx, req, companyID, acceptedDomains, access.ActionRead)
	if err != nil {
		return AcceptedPage{}, err
	}
	lim, off := p.bounds()
	search = strings.TrimSpace(search)
	rows, err := m.dir.st.CompanyAcceptedDomainList(ctx, store.CompanyAcceptedDomainListParams{CompanyID: c.Company.ID,
		Search: search, Lim: lim, Off: off})
	if err != nil {
		return AcceptedPage{}, err
	}
	n, err := m.dir.st.CompanyAcceptedDomainCount(ctx, store.CompanyAcceptedDomainCountParams{CompanyID: c.Company.ID, Search: search})
	if err != nil {
		return AcceptedPage{}, err
	}
	out := AcceptedPage{Collection: make([]AcceptedSender, len(rows)), TotalCount: n}
	for i, r := range rows {
		out.Collection[i] = AcceptedSender{ID: r.ID, Value: r.Domain}
	}
	return out, nil
}

// NormalizeEmail checks an accepted address and returns it trimmed and in
// lower case: a single address with a local part and a domain, nothing else.
func NormalizeEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	bad := apperr.Invalid("email", "email_is_invalid")
	if s == "" {
		return "", apperr.Invalid("email", "email_cannot_be_blank")
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return "", bad
	}
	at := strings.LastIndexByte(s, '@')
	if at < 1 || !domainPattern.MatchString(s[at+1:]) {
		return "", bad
	}
	return strings.ToLower(s), nil
}

// NormalizeDomain checks an accepted domain (spec 002 §5) and returns it in lower case.
func NormalizeDomain(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", apperr.Invalid("domain", "domain_cannot_be_blank")
	}
	if !domainPattern.MatchString(s) || strings.Contains(s, "..") || strings.HasPrefix(s, ".") ||
		strings.HasPrefix(s, "-") || len(s) > 253 {
		return "", apperr.Invalid("domain", "domain_is_invalid")
	}
	return strings.ToLower(s), nil
}

// AddAcceptedEmail adds an accepted sender address (addCompanyAcceptedEmail);
// one already on the list is email_has_already_been_taken.
func (m *MailSettings) AddAcceptedEmail(ctx context.Context, req Request, companyID uuid.UUID, email string) (AcceptedSender, error) {
	c, err := m.company(ctx, req, companyID, acceptedEmails, access.ActionCreate)
	if err != nil {
		return AcceptedSender{}, err
	}
	email, err = NormalizeEmail(email)
	if err != nil {
		return AcceptedSender{}, err
	}
	var out AcceptedSender
	err = m.dir.st.InTx(ctx, func(q *store.Queries) error {
		r, err := q.CompanyAcceptedEmailAdd(ctx, store.CompanyAcceptedEmailAddParams{CompanyID: c.Company.ID, Email: email})
		if store.IsNotFound(err) {
			return apperr.Invalid("email", "email_has_already_been_taken")
		} else if err != nil {
			return err
		}
		out = AcceptedSender{ID: r.ID, Value: r.Email}
		return logEvent(ctx, q, req, &c.Company.ID, "Company", "accepted_email_added", map[string]any{"email": r.Email})
	})
	return out, err
}

// AddAcceptedDomain adds an accepted sender domain (addCompanyAcceptedDomain).
func (m *MailSettings) AddAcceptedDomain(ctx context.Context, req Request, companyID uuid.UUID, domain string) (AcceptedSender, error) {
	c, err := m.company(ctx, req, companyID, acceptedDomains, access.ActionCreate)
	if err != nil {
		return AcceptedSender{}, err
	}
	domain, err = NormalizeDomain(domain)
	if err != nil {
		return AcceptedSender{}, err
	}
	var out AcceptedSender
	err = m.dir.st.InTx(ctx, func(q *store.Queries) error {
		r, err := q.CompanyAcceptedDomainAdd(ctx, store.CompanyAcceptedDomainAddParams{CompanyID: c.Company.ID, Domain: domain})
		if store.IsNotFound(err) {
			return apperr.Invalid("domain", "domain_has_already_been_taken")
		} else if err != nil {
			return err
		}
		out = AcceptedSender{ID: r.ID, Value: r.Domain}
		return logEvent(ctx, q, req, &c.Company.ID, "Company", "accepted_domain_added", map[string]any{"domain": r.Domain})
	})
	return out, err
}

// DeleteAcceptedEmail removes an accepted address (deleteCompanyAcceptedEmail).
// An entry of a company the viewer may not see is RECORD_NOT_FOUND.
func (m *MailSettings) DeleteAcceptedEmail(ctx context.Context, req Request, id int64) error {
	row, err := m.dir.st.CompanyAcceptedEmailGet(ctx, id)
	if store.IsNotFound(err) {
		return apperr.NotFound(acceptedEmails.entity())
	} else if err != nil {
		return err
	}
	return m.deleteAccepted(ctx, req, row.CompanyID, acceptedEmails, func(q *store.Queries) error {
		if err := q.CompanyAcceptedEmailDelete(ctx, store.CompanyAcceptedEmailDeleteParams{CompanyID: row.CompanyID, ID: row.ID}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &row.CompanyID, "Company", "accepted_email_deleted", map[string]any{"email": row.Email})
	})
}

// DeleteAcceptedDomain removes an accepted domain (deleteCompanyAcceptedDomain).
func (m *MailSettings) DeleteAcceptedDomain(ctx context.Context, req Request, id int64) error {
	row, err := m.dir.st.CompanyAcceptedDomainGet(ctx, id)
	if store.IsNotFound(err) {
		return apperr.NotFound(acceptedDomains.entity())
	} else if err != nil {
		return err
	}
	return m.deleteAccepted(ctx, req, row.CompanyID, acceptedDomains, func(q *store.Queries) error {
		if err := q.CompanyAcceptedDomainDelete(ctx, store.CompanyAcceptedDomainDeleteParams{CompanyID: row.CompanyID, ID: row.ID}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &row.CompanyID, "Company", "accepted_domain_deleted", map[string]any{"domain": row.Domain})
	})
}

func (m *MailSettings) deleteAccepted(ctx context.Context, req Request, companyID int64, k senderKind, write func(*store.Queries) error) error {
	list, err := m.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return err
	}
	for _, c := range list {
		if c.Company.ID != companyID {
			continue
		}
		if !c.Abilities.Can(access.ActionRead, k.subject()) {
			return apperr.NotFound(k.entity())
		}
		if !c.Abilities.Can(access.ActionDestroy, k.subject()) {
			return apperr.Denied("")
		}
		return m.dir.st.InTx(ctx, write)
	}
	return apperr.NotFound(k.entity())
}

// ErrNoAlias is CategoryByAlias's answer for an address no company category uses.
var ErrNoAlias = errors.New("org: no company category has this alias")

// AliasTarget is the company category an inbound address names.
type AliasTarget struct {
	CompanyID       int64
	CompanyUUID     uuid.UUID
	CategoryID      int64
	CategoryName    string
	Alias           string
	EmailEnabled    bool
	CompanyActive   bool
	CategoryActive  bool
	AllowAnySenders bool
}

// Receives tells whether mail to the alias is taken in at all: e-mail
// switched on, and the company and category active.
func (t AliasTarget) Receives() bool { return t.EmailEnabled && t.CompanyActive && t.CategoryActive }

// CategoryByAlias finds the company category of an inbound address: the
// local part of alias@domain (or the alias alone), case-insensitive; a
// "+tag" after the alias is not ignored, since "+" may be part of an alias.
// ErrNoAlias when none has it. This is for inbound mail (no viewer).
func (m *MailSettings) CategoryByAlias(ctx context.Context, address string) (AliasTarget, error) {
	alias := strings.TrimSpace(address)
	if at := strings.LastIndexByte(alias, '@'); at >= 0 {
		if m.domain != "" && !strings.EqualFold(alias[at+1:], m.domain) {
			return AliasTarget{}, ErrNoAlias
		}
		alias = alias[:at]
	}
	if !aliasPattern.MatchString(alias) {
		return AliasTarget{}, ErrNoAlias
	}
	r, err := m.dir.st.CompanyCategoryByAlias(ctx, alias)
	if store.IsNotFound(err) {
		return AliasTarget{}, ErrNoAlias
	} else if err != nil {
		return AliasTarget{}, err
	}
	return AliasTarget{CompanyID: r.CompanyID, CompanyUUID: r.CompanyUuid, CategoryID: r.CategoryID,
		CategoryName: r.CategoryName, Alias: value(r.EmailAlias), EmailEnabled: r.EmailEnabled,
		CompanyActive: r.CompanyActive, CategoryActive: r.CategoryActive,
		AllowAnySenders: r.AllowEmailsFromNonWhitelistedSenders}, nil
}

// AcceptsSender tells whether a company takes mail from sender: its address
// is on the accepted e-mails or its domain on the accepted domains
// (case-insensitive). A malformed sender is never accepted.
func (m *MailSettings) AcceptsSender(ctx context.Context, companyID int64, sender string) (bool, error) {
	email, err := NormalizeEmail(sender)
	if err != nil {
		if a, perr := mail.ParseAddress(sender); perr == nil {
			email, err = NormalizeEmail(a.Address)
		}
		if err != nil {
			return false, nil
		}
	}
	domain := email[strings.LastIndexByte(email, '@')+1:]
	return m.dir.st.CompanyAcceptsSender(ctx, store.CompanyAcceptsSenderParams{CompanyID: companyID, Email: email, Domain: domain})
}

// MayReceiveFrom is the whole inbound decision for one message: the target
// receives, and the sender is accepted or the category takes any sender.
func (m *MailSettings) MayReceiveFrom(ctx context.Context, t AliasTarget, sender string) (bool, error) {
	if !t.Receives() {
		return false, nil
	}
	if t.AllowAnySenders {
		return true, nil
	}
	return m.AcceptsSender(ctx, t.CompanyID, sender)
}

func value[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// isUnique tells whether err is a unique violation (an alias taken meanwhile).
func isUnique(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}
