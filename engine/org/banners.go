package org

import (
	"context"
	"html"
	"io"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/microcosm-cc/bluemonday"
	xhtml "golang.org/x/net/html"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/store"
)

// Banner groups, types and audiences of the spec.
const (
	BannerGroupCompany = "company"
	BannerGroupGlobal  = "global"
	BannerTypeInfo     = "info"
	BannerTypeWarning  = "warning"
	// BannerViewHidden lists a company's banners with those the viewer dismissed.
	BannerViewHidden = "view_hidden"
	// BannerDescriptionMax is the description's limit in characters, markup counted.
	BannerDescriptionMax = 250
)

// Realtime keys of banner changes.
const (
	BannerCreated   = "system_banner.create"
	BannerUpdated   = "system_banner.update"
	BannerDestroyed = "system_banner.destroy"
)

// The description's rich text: the spec's tags and attributes, nothing else.
var (
	bannerTags  = []string{"strong", "em", "u", "p", "div", "span", "br", "a", "ul", "ol", "li"}
	bannerAttrs = []string{"href", "target", "class", "data-id", "data-name"}
	bannerURLs  = []string{"http", "https", "mailto"}
	// bannerPolicy sanitises what passed the check, as a second line of defence.
	bannerPolicy = func() *bluemonday.Policy {
		p := bluemonday.NewPolicy()
		p.AllowElements(bannerTags...)
		p.AllowAttrs("target", "class", "data-id", "data-name").Globally()
		p.AllowAttrs("href").OnElements("a")
		p.AllowURLSchemes(bannerURLs...)
		p.RequireParseableURLs(true)
		return p
	}()
	textOnly = bluemonday.StrictPolicy()
)

// Banner is a system banner with its company's public id (nil for global ones)
// and, when the viewer may see it, the company.
type Banner struct {
	store.SystemBanner
	CompanyUUID *uuid.UUID
	Company     *CompanyAccess
}

// Banners manages system banners and tells their audience of every change.
type Banners struct {
	dir *Directory
	pub notify.Publisher
}

// NewBanners builds the banners service; events go to pub after each commit.
func NewBanners(dir *Directory, pub notify.Publisher) *Banners {
	if pub == nil {
		pub = notify.Discard{}
	}
	return &Banners{dir: dir, pub: pub}
}

// BannerFilter is the systemBanners query's arguments.
type BannerFilter struct {
	CompanyID   *uuid.UUID
	BannerGroup string
	// AllForUser: what the viewer is shown (global banners and their companies'),
	// rather than what they manage.
	AllForUser bool
	Action     string
}

// BannerInput is a banner's writable fields; nil keeps the stored value on update.
type BannerInput struct {
	BannerGroup *string
	CompanyID   *uuid.UUID
	BannerType  *string
	Description *string
	Dismissible *bool
	// UserTypes nil keeps them; an empty list is blank.
	UserTypes []string
}

// List answers systemBanners. Banners a viewer manages (global ones for a
// global admin in the admin panel, a company's for those who may update its
// banners) are listed whole; otherwise the viewer gets what is shown to them:
// their user type's banners, without those they dismissed unless the action is
// view_hidden. With allForUser everyone gets what is shown to them. Provider
// staff asking view_hidden for a company get its hidden view (hiddenView).
func (b *Banners) List(ctx context.Context, req Request, f BannerFilter) ([]Banner, error) {
	if f.BannerGroup != "" && f.BannerGroup != BannerGroupCompany && f.BannerGroup != BannerGroupGlobal {
		return nil, apperr.Argument("invalid_banner_group")
	}
	if f.Action != "" && f.Action != BannerViewHidden {
		return nil, apperr.Argument("invalid_action")
	}
	if f.Action == BannerViewHidden && f.CompanyID != nil && !f.AllForUser && isStaff(req.User) {
		return b.hiddenView(ctx, req, *f.CompanyID, f.BannerGroup)
	}
	includeGlobal := f.BannerGroup == BannerGroupGlobal || (f.BannerGroup == "" && (f.AllForUser || f.CompanyID == nil))
	includeCompany := f.BannerGroup == BannerGroupCompany || (f.BannerGroup == "" && (f.AllForUser || f.CompanyID != nil))
	userType := req.User.UserType
	var undismissed *int64
	if f.Action != BannerViewHidden {
		undismissed = &req.User.ID
	}
	var out []Banner
	if includeGlobal {
		p := store.SystemBannerListGlobalParams{UserType: &userType, UndismissedBy: undismissed}
		if !f.AllForUser && managesGlobal(req) {
			p = store.SystemBannerListGlobalParams{}
		}
		rows, err := b.dir.st.SystemBannerListGlobal(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out = append(out, Banner{SystemBanner: r})
		}
	}
	if !includeCompany {
		return out, nil
	}
	var companies []CompanyAccess
	if f.CompanyID != nil {
		c, err := b.dir.Company(ctx, req.User, req.AdminPanel, *f.CompanyID)
		if err != nil {
			return nil, err
		}
		companies = []CompanyAccess{c}
	} else {
		var err error
		if companies, err = b.dir.Companies(ctx, req.User, req.AdminPanel); err != nil {
			return nil, err
		}
	}
	byID := map[int64]*CompanyAccess{}
	var managed, shown []int64
	for i, c := range companies {
		byID[c.Company.ID] = &companies[i]
		switch {
		case !f.AllForUser && c.Abilities.Can(access.ActionUpdate, access.SubjectSystemBanner):
			managed = append(managed, c.Company.ID)
		case c.Abilities.Can(access.ActionRead, access.SubjectSystemBanner):
			shown = append(shown, c.Company.ID)
		}
	}
	for _, p := range []store.SystemBannerListForCompaniesParams{
		{CompanyIds: managed},
		{CompanyIds: shown, UserType: &userType, UndismissedBy: undismissed},
	} {
		if len(p.CompanyIds) == 0 {
			continue
		}
		rows, err := b.dir.st.SystemBannerListForCompanies(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			id := r.CompanyUuid
			out = append(out, Banner{SystemBanner: r.SystemBanner, CompanyUUID: &id, Company: byID[*r.SystemBanner.CompanyID]})
		}
	}
	return out, nil
}

// hiddenView is the company page's read-only list (spec 002 §2.7, decision
// 0163): every banner someone in the company is shown, the global ones and the
// company's own, whatever their audience and whoever dismissed them. It is for
// provider staff who may see the company and read its banners; another
// company's id is RECORD_NOT_FOUND, as everywhere.
func (b *Banners) hiddenView(ctx context.Context, req Request, companyID uuid.UUID, group string) ([]Banner, error) {
	c, err := b.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return nil, err
	}
	if !c.Abilities.Can(access.ActionRead, access.SubjectSystemBanner) {
		return nil, apperr.Denied("")
	}
	var out []Banner
	if group != BannerGroupCompany {
		rows, err := b.dir.st.SystemBannerListGlobal(ctx, store.SystemBannerListGlobalParams{})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out = append(out, Banner{SystemBanner: r})
		}
	}
	if group != BannerGroupGlobal {
		rows, err := b.dir.st.SystemBannerListForCompanies(ctx, store.SystemBannerListForCompaniesParams{CompanyIds: []int64{c.Company.ID}})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out = append(out, bannerOf(r.SystemBanner, &c))
		}
	}
	return out, nil
}

// isStaff: provider staff, agents and global admins.
func isStaff(u store.User) bool {
	return u.UserType == string(access.UserTypeStaff) || u.UserRole == string(access.UserRoleAdmin)
}

// Create adds a banner: a global one by a global admin in the admin panel, a
// company's by those who may create banners there.
func (b *Banners) Create(ctx context.Context, req Request, in BannerInput) (Banner, error) {
	group := bannerDeref(in.BannerGroup)
	if group != BannerGroupCompany && group != BannerGroupGlobal {
		return Banner{}, apperr.Argument("invalid_banner_group")
	}
	if (group == BannerGroupCompany) != (in.CompanyID != nil) {
		if group == BannerGroupCompany {
			return Banner{}, apperr.Argument("company_id_required")
		}
		return Banner{}, apperr.Argument("company_id_not_allowed_for_global_banners")
	}
	c, err := b.authorize(ctx, req, in.CompanyID, access.ActionCreate)
	if err != nil {
		return Banner{}, err
	}
	row := store.SystemBanner{BannerGroup: group, Dismissible: true}
	if in.Dismissible != nil {
		row.Dismissible = *in.Dismissible
	}
	if c != nil {
		row.CompanyID = &c.Company.ID
	}
	if err := applyBannerInput(&row, in, true); err != nil {
		return Banner{}, err
	}
	var recipients []uuid.UUID
	err = b.dir.st.InTx(ctx, func(q *store.Queries) error {
		if err := lockAndCheckType(ctx, q, row); err != nil {
			return err
		}
		created, err := q.SystemBannerCreate(ctx, store.SystemBannerCreateParams{CompanyID: row.CompanyID,
			BannerGroup: row.BannerGroup, BannerType: row.BannerType, Description: row.Description,
			Dismissible: row.Dismissible, UserTypes: row.UserTypes, CreatedBy: &req.User.ID})
		if err != nil {
			return err
		}
		row = created
		if recipients, err = bannerAudience(ctx, q, row); err != nil {
			return err
		}
		return logEvent(ctx, q, req, row.CompanyID, "SystemBanner", "created", bannerLogData(row))
	})
	if err != nil {
		return Banner{}, err
	}
	out := bannerOf(row, c)
	b.publish(ctx, BannerCreated, recipients, out)
	return out, nil
}

// Update changes a banner's type, text, dismissibility or audience; its group
// and company stay. Users who no longer belong to the audience are told it is gone.
func (b *Banners) Update(ctx context.Context, req Request, id uuid.UUID, in BannerInput, action string) (Banner, error) {
	if action != "" && action != BannerViewHidden {
		return Banner{}, apperr.Argument("invalid_action")
	}
	cur, c, err := b.load(ctx, req, id, access.ActionUpdate)
	if err != nil {
		return Banner{}, err
	}
	if in.BannerGroup != nil && *in.BannerGroup != cur.BannerGroup {
		return Banner{}, apperr.Argument("banner_group_cannot_be_changed")
	}
	if in.CompanyID != nil && (c == nil || *in.CompanyID != c.Company.UUID) {
		return Banner{}, apperr.Argument("banner_group_cannot_be_changed")
	}
	row := cur
	if in.Dismissible != nil {
		row.Dismissible = *in.Dismissible
	}
	if err := applyBannerInput(&row, in, false); err != nil {
		return Banner{}, err
	}
	var before, after []uuid.UUID
	err = b.dir.st.InTx(ctx, func(q *store.Queries) error {
		if err := lockAndCheckType(ctx, q, row); err != nil {
			return err
		}
		var err error
		if before, err = bannerAudience(ctx, q, cur); err != nil {
			return err
		}
		row, err = q.SystemBannerUpdate(ctx, store.SystemBannerUpdateParams{ID: row.ID, BannerType: row.BannerType,
			Description: row.Description, Dismissible: row.Dismissible, UserTypes: row.UserTypes})
		if store.IsNotFound(err) {
			return apperr.NotFound("system_banner")
		} else if err != nil {
			return err
		}
		if after, err = bannerAudience(ctx, q, row); err != nil {
			return err
		}
		data := bannerLogData(row)
		if action != "" {
			data["action"] = action
		}
		return logEvent(ctx, q, req, row.CompanyID, "SystemBanner", "updated", data)
	})
	if err != nil {
		return Banner{}, err
	}
	out := bannerOf(row, c)
	stay := map[uuid.UUID]bool{}
	for _, u := range after {
		stay[u] = true
	}
	var gone []uuid.UUID
	for _, u := range before {
		if !stay[u] {
			gone = append(gone, u)
		}
	}
	b.publish(ctx, BannerUpdated, after, out)
	b.publish(ctx, BannerDestroyed, gone, out)
	return out, nil
}

// Delete removes a banner for everyone.
func (b *Banners) Delete(ctx context.Context, req Request, id uuid.UUID, action string) error {
	if action != "" && action != BannerViewHidden {
		return apperr.Argument("invalid_action")
	}
	row, c, err := b.load(ctx, req, id, access.ActionDestroy)
	if err != nil {
		return err
	}
	var recipients []uuid.UUID
	err = b.dir.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		if recipients, err = bannerAudience(ctx, q, row); err != nil {
			return err
		}
		if err := q.SystemBannerDelete(ctx, row.ID); err != nil {
			return err
		}
		return logEvent(ctx, q, req, row.CompanyID, "SystemBanner", "destroyed", bannerLogData(row))
	})
	if err != nil {
		return err
	}
	b.publish(ctx, BannerDestroyed, recipients, bannerOf(row, c))
	return nil
}

// Dismiss hides a dismissible banner from the viewer; dismissing twice is harmless.
func (b *Banners) Dismiss(ctx context.Context, req Request, id uuid.UUID) error {
	r, err := b.dir.st.SystemBannerGet(ctx, id)
	if store.IsNotFound(err) {
		return apperr.NotFound("system_banner")
	} else if err != nil {
		return err
	}
	row := r.SystemBanner
	if !slices.Contains(row.UserTypes, req.User.UserType) {
		return apperr.NotFound("system_banner")
	}
	if r.CompanyUuid != nil {
		c, err := b.dir.Company(ctx, req.User, req.AdminPanel, *r.CompanyUuid)
		if err != nil || !c.Abilities.Can(access.ActionRead, access.SubjectSystemBanner) {
			return apperr.NotFound("system_banner")
		}
	}
	if !row.Dismissible {
		return apperr.Argument("banner_not_dismissible")
	}
	return b.dir.st.SystemBannerDismiss(ctx, store.SystemBannerDismissParams{BannerID: row.ID, UserID: req.User.ID})
}

// load finds a banner and checks the viewer may do action to it. A company
// banner of a company the viewer cannot see is RECORD_NOT_FOUND.
func (b *Banners) load(ctx context.Context, req Request, id uuid.UUID, action string) (store.SystemBanner, *CompanyAccess, error) {
	r, err := b.dir.st.SystemBannerGet(ctx, id)
	if store.IsNotFound(err) {
		return r.SystemBanner, nil, apperr.NotFound("system_banner")
	} else if err != nil {
		return r.SystemBanner, nil, err
	}
	c, err := b.authorize(ctx, req, r.CompanyUuid, action)
	return r.SystemBanner, c, err
}

// authorize checks action on the banners of a company, or on global banners when companyID is nil.
func (b *Banners) authorize(ctx context.Context, req Request, companyID *uuid.UUID, action string) (*CompanyAccess, error) {
	if companyID == nil {
		if !managesGlobal(req) {
			return nil, apperr.Denied("")
		}
		return nil, nil
	}
	c, err := b.dir.Company(ctx, req.User, req.AdminPanel, *companyID)
	if err != nil {
		return nil, err
	}
	if !c.Abilities.Can(action, access.SubjectSystemBanner) {
		return nil, apperr.Denied("")
	}
	return &c, nil
}

// managesGlobal: global banners belong to global admins in the admin panel.
func managesGlobal(req Request) bool {
	return req.User.UserRole == string(access.UserRoleAdmin) && req.AdminPanel
}

// applyBannerInput validates the input into row; on create every field is required.
func applyBannerInput(row *store.SystemBanner, in BannerInput, create bool) error {
	if in.BannerType != nil || create {
		t := bannerDeref(in.BannerType)
		if t != BannerTypeInfo && t != BannerTypeWarning {
			return apperr.Argument("invalid_banner_type")
		}
		row.BannerType = t
	}
	if in.UserTypes != nil || create {
		types, err := bannerUserTypes(in.UserTypes)
		if err != nil {
			return err
		}
		row.UserTypes = types
	}
	if in.Description != nil || create {
		d, err := BannerDescription(bannerDeref(in.Description))
		if err != nil {
			return err
		}
		row.Description = d
	}
	return nil
}

func bannerUserTypes(in []string) ([]string, error) {
	var out []string
	for _, t := range in {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		if t != string(access.UserTypeStaff) && t != string(access.UserTypeCustomer) {
			return nil, apperr.Argument("invalid_user_type")
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, apperr.Invalid("userTypes", "user_types_cannot_be_blank")
	}
	slices.Sort(out)
	return out, nil
}

// BannerDescription checks a banner's rich text and returns it sanitised: only
// the spec's tags and attributes (else disallowed_html), some text, and at most
// 250 characters with the markup counted (else description_too_long).
func BannerDescription(s string) (string, error) {
	if err := checkBannerHTML(s); err != nil {
		return "", err
	}
	clean := bannerPolicy.Sanitize(s)
	text := html.UnescapeString(textOnly.Sanitize(clean))
	if strings.TrimFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '\u00a0' }) == "" {
		return "", apperr.Invalid("description", "description_cannot_be_blank")
	}
	if utf8.RuneCountInString(s) > BannerDescriptionMax || utf8.RuneCountInString(clean) > BannerDescriptionMax {
		return "", apperr.Invalid("description", "description_too_long")
	}
	return clean, nil
}

// checkBannerHTML rejects any tag, attribute or link the banner policy does not allow.
func checkBannerHTML(s string) error {
	bad := apperr.Invalid("description", "disallowed_html")
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			if z.Err() == io.EOF {
				return nil
			}
			return bad
		case xhtml.CommentToken, xhtml.DoctypeToken:
			return bad
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
			tok := z.Token()
			if !slices.Contains(bannerTags, tok.Data) {
				return bad
			}
			for _, a := range tok.Attr {
				if a.Namespace != "" || !slices.Contains(bannerAttrs, a.Key) {
					return bad
				}
				if a.Key == "href" && (tok.Data != "a" || !safeURL(a.Val)) {
					return bad
				}
			}
		}
	}
}

func safeURL(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return false
	}
	return u.Scheme == "" || slices.Contains(bannerURLs, strings.ToLower(u.Scheme))
}

// lockAndCheckType serialises writers of the banner's scope and refuses a
// second banner of the same type for any of the same user types.
func lockAndCheckType(ctx context.Context, q *store.Queries, row store.SystemBanner) error {
	var scope int32
	if row.CompanyID != nil {
		scope = int32(*row.CompanyID)
	}
	if err := q.SystemBannerLockScope(ctx, scope); err != nil {
		return err
	}
	taken, err := q.SystemBannerTypeTaken(ctx, store.SystemBannerTypeTakenParams{CompanyID: row.CompanyID,
		BannerType: row.BannerType, UserTypes: row.UserTypes, ExceptID: row.ID})
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("bannerType", "banner_type_already_exists_for_these_user_types")
	}
	return nil
}

// bannerAudience is who is shown the banner now: for a global banner every
// active user of its types, for a company banner the company's active members
// of its types (and global admins when staff are among them); never those who
// dismissed it.
func bannerAudience(ctx context.Context, q *store.Queries, row store.SystemBanner) ([]uuid.UUID, error) {
	if row.CompanyID == nil {
		return q.SystemBannerRecipientsGlobal(ctx, store.SystemBannerRecipientsGlobalParams{UserTypes: row.UserTypes, BannerID: row.ID})
	}
	return q.SystemBannerRecipientsCompany(ctx, store.SystemBannerRecipientsCompanyParams{UserTypes: row.UserTypes,
		CompanyID: *row.CompanyID, BannerID: row.ID})
}

func (b *Banners) publish(ctx context.Context, key string, users []uuid.UUID, banner Banner) {
	if len(users) == 0 {
		return
	}
	b.pub.Publish(ctx, notify.Event{Users: users, Key: key, Data: BannerData(banner)})
}

// BannerData is a banner as realtime events carry it: the fields the client
// merges by id.
func BannerData(b Banner) map[string]any {
	d := map[string]any{
		"uuid": b.UUID.String(), "id": b.UUID.String(), "bannerGroup": b.BannerGroup, "bannerType": b.BannerType,
		"description": b.Description, "dismissible": b.Dismissible, "userTypes": b.UserTypes, "companyId": nil,
	}
	if b.CompanyUUID != nil {
		d["companyId"] = b.CompanyUUID.String()
	}
	return d
}

func bannerOf(row store.SystemBanner, c *CompanyAccess) Banner {
	out := Banner{SystemBanner: row, Company: c}
	if c != nil {
		id := c.Company.UUID
		out.CompanyUUID = &id
	}
	return out
}

func bannerLogData(row store.SystemBanner) map[string]any {
	return map[string]any{"bannerId": row.UUID, "bannerGroup": row.BannerGroup, "bannerType": row.BannerType,
		"userTypes": row.UserTypes}
}

func bannerDeref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
