package org

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/store"
)

// People administers customer users: the customer-users list, adding users to
// companies, their roles, categories and titles, deactivation and
// reactivation (spec 002 §2.3–2.4, §5, §7).
type People struct {
	dir *Directory
	pub notify.Publisher
}

// NewPeople builds the people service; a user whose last membership ends is
// told so on their realtime channel through pub.
func NewPeople(dir *Directory, pub notify.Publisher) *People {
	if pub == nil {
		pub = notify.Discard{}
	}
	return &People{dir: dir, pub: pub}
}

// MailAccessRightsChanged is the mail trigger (spec 002 §9) of a change of a
// user's role, categories or company roles in a company; AccessRightsChangedKey
// names its event, which is mail-only (no browser gets it).
const (
	MailAccessRightsChanged = "accessRightsChanged"
	AccessRightsChangedKey  = "user.access_rights_changed"
)

// accessRightsChanged tells the mail that a user's access rights in a company
// changed (accessRightsChanged, mailed by their notification setting): an
// event for no browser, whose mail part names the user as its reader.
func (p *People) accessRightsChanged(ctx context.Context, req Request, company, user uuid.UUID, membershipID int64) {
	p.pub.Publish(ctx, notify.Event{Key: AccessRightsChangedKey, Mail: &notify.Mail{Trigger: MailAccessRightsChanged,
		Company: company, Change: fmt.Sprintf("access-%d-%d", membershipID, time.Now().UnixNano()), Actor: req.User.UUID,
		Readers: []uuid.UUID{user}}})
}

// SessionEndedKey is the realtime event a user gets when their sessions end
// because nothing is left for them to see (their last membership was deactivated).
const SessionEndedKey = "user.session_ended"

// PeopleLimit is the customer-users list's page size (spec README: 30).
const PeopleLimit = 30

// CustomerQuery is a page of the customer-users list.
type CustomerQuery struct {
	// CompanyID narrows the list to one company's members (CompanyCustomerUsers).
	CompanyID *uuid.UUID
	Search    string
	Page      int
	Limit     int
	// WithTotal asks for the total count, which costs a count of every match.
	WithTotal bool
}

// Customer is a customer with the memberships the viewer may see.
type Customer struct {
	User        store.User
	Memberships []CompanyMembership
}

// CompanyMembership is one company row of a customer user.
type CompanyMembership struct {
	UUID uuid.UUID
	// UserUUID is the member's public id.
	UserUUID   uuid.UUID
	Company    store.Company
	Active     bool
	Admin      bool
	JobTitle   *string
	Categories []store.Category
	// Abilities are the viewer's in that company (what the row's actions may do).
	Abilities access.Abilities
}

// CustomerPage is a page of customer users.
type CustomerPage struct {
	Users []Customer
	Total int64
}

// Customers lists customer users by name. With a company: that company's
// members, for a viewer who may read CompanyUser there. Without: every
// customer for a global admin, otherwise those of the companies where the
// viewer may read CompanyUser. The page costs one query for the users and one
// for all their memberships, whatever the size of the page.
func (p *People) Customers(ctx context.Context, req Request, q CustomerQuery) (CustomerPage, error) {
	users, scope, err := p.peoplePage(ctx, req, q, access.UserTypeCustomer, access.SubjectCompanyUser)
	if err != nil {
		return CustomerPage{}, err
	}
	admin, byID := scope.all, scope.byID
	out := CustomerPage{Users: make([]Customer, len(users))}
	ids := make([]int64, len(users))
	index := map[int64]int{}
	for i, row := range users {
		u := row.User
		out.Total = row.Total
		out.Users[i] = Customer{User: u, Memberships: []CompanyMembership{}}
		ids[i] = u.ID
		index[u.ID] = i
	}
	if len(ids) > 0 {
		rows, err := p.dir.st.PeopleCompanyUsers(ctx, ids)
		if err != nil {
			return CustomerPage{}, fmt.Errorf("org: customers' companies: %w", err)
		}
		if admin {
			// A global admin sees every company: only those on the page are looked at.
			links := make([]companyLink, len(rows))
			for i, r := range rows {
				links[i] = companyLink{r.CompanyID, r.CompanyUuid, r.CompanyName, r.CompanyActive, r.CompanyBusinessID}
			}
			if byID, err = p.linkedCompanies(ctx, req, links); err != nil {
				return CustomerPage{}, err
			}
		}
		for _, r := range rows {
			c, ok := byID[r.CompanyID]
			if !ok {
				continue
			}
			i := index[r.UserID]
			out.Users[i].Memberships = append(out.Users[i].Memberships, CompanyMembership{
				UUID: r.UUID, UserUUID: out.Users[i].User.UUID, Company: c.Company, Active: r.Active, Admin: r.Role == "admin", JobTitle: r.JobTitle,
				Categories: pick(c.Categories, r.CategoryIds), Abilities: c.Abilities,
			})
		}
	}
	return out, nil
}

// Customer is one customer user with the memberships the viewer may see
// (CustomerUserEdit). A user the viewer may not see is RECORD_NOT_FOUND.
func (p *People) Customer(ctx context.Context, req Request, id uuid.UUID) (Customer, error) {
	u, err := p.dir.VisibleUser(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return Customer{}, err
	}
	if u.UserType != string(access.UserTypeCustomer) {
		return Customer{}, apperr.NotFound("user")
	}
	return p.withMemberships(ctx, req, u)
}

// changed is the answer of a change the viewer was allowed to make in one of
// the user's companies: the user even when no active membership is left.
func (p *People) changed(ctx context.Context, req Request, id uuid.UUID) (Customer, error) {
	u, err := p.dir.st.UserGetByUUID(ctx, id)
	if err != nil {
		return Customer{}, err
	}
	return p.withMemberships(ctx, req, u)
}

func (p *People) withMemberships(ctx context.Context, req Request, u store.User) (Customer, error) {
	companies, err := p.dir.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return Customer{}, err
	}
	byID := map[int64]CompanyAccess{}
	for _, c := range companies {
		byID[c.Company.ID] = c
	}
	rows, err := p.dir.st.PeopleCompanyUsers(ctx, []int64{u.ID})
	if err != nil {
		return Customer{}, err
	}
	out := Customer{User: u, Memberships: []CompanyMembership{}}
	for _, r := range rows {
		if c, ok := byID[r.CompanyID]; ok {
			out.Memberships = append(out.Memberships, CompanyMembership{UUID: r.UUID, UserUUID: u.UUID, Company: c.Company, Active: r.Active,
				Admin: r.Role == "admin", JobTitle: r.JobTitle, Categories: pick(c.Categories, r.CategoryIds), Abilities: c.Abilities})
		}
	}
	return out, nil
}

func pick(cats []store.Category, ids []int64) []store.Category {
	out := []store.Category{}
	for _, c := range cats {
		if slices.Contains(ids, c.ID) {
			out = append(out, c)
		}
	}
	return out
}

// MembershipInput is the add-to-company form (and the edit of a membership).
type MembershipInput struct {
	CompanyID   uuid.UUID
	JobTitle    *string
	CategoryIDs []int64
	Role        string
}

// NewCustomer is a new customer user's general info.
type NewCustomer struct {
	Name, Email string
	Phone       *string
}

var phonePattern = regexp.MustCompile(`^\+?[0-9 ()\-]{5,20}$`)

// eventCategory is the events-log category of a customer-user change: the
// admin panel's own, or the company's.
func eventCategory(req Request) string {
	if req.AdminPanel {
		return "Admin:CustomerUser"
	}
	return "CustomerUser"
}

// company is the company of a membership change, with the viewer's ability
// to do action on CompanyUser there.
func (p *People) company(ctx context.Context, req Request, id uuid.UUID, action string) (CompanyAccess, error) {
	return p.companyFor(ctx, req, id, action, access.SubjectCompanyUser)
}

// companyFor is a company with the viewer's ability to do action on subject there.
func (p *People) companyFor(ctx context.Context, req Request, id uuid.UUID, action, subject string) (CompanyAccess, error) {
	c, err := p.dir.Company(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return c, err
	}
	if !c.Abilities.Can(action, subject) {
		return c, apperr.Denied("")
	}
	return c, nil
}

// checkMembership validates the form against the company: a known role and
// categories the viewer may grant there.
func checkMembership(c CompanyAccess, in *MembershipInput) error {
	if in.Role == "" {
		in.Role = "user"
	}
	if in.Role != "user" && in.Role != "admin" {
		return apperr.Invalid("role", "role_is_not_included_in_the_list")
	}
	grantable := c.Abilities.GrantableCategoryIDs()
	for _, id := range in.CategoryIDs {
		if !slices.Contains(grantable, id) {
			return apperr.Invalid("categoryIds", "category_is_not_included_in_the_list")
		}
	}
	if in.JobTitle != nil {
		t := strings.TrimSpace(*in.JobTitle)
		in.JobTitle = &t
		if t == "" {
			in.JobTitle = nil
		} else if len([]rune(t)) > 250 {
			return apperr.Invalid("jobTitle", "job_title_is_too_long")
		}
	}
	slices.Sort(in.CategoryIDs)
	in.CategoryIDs = slices.Compact(in.CategoryIDs)
	return nil
}

func writeCategories(ctx context.Context, q *store.Queries, companyID, membershipID int64, ids []int64) error {
	if err := q.CompanyUserCategoriesClear(ctx, store.CompanyUserCategoriesClearParams{CompanyID: companyID, CompanyUserID: membershipID}); err != nil {
		return err
	}
	for _, id := range ids {
		if err := q.CompanyUserCategoryAdd(ctx, store.CompanyUserCategoryAddParams{CompanyID: companyID, CompanyUserID: membershipID, CategoryID: id}); err != nil {
			return err
		}
	}
	return nil
}

// AddToCompany gives an existing customer user a membership of a company
// (addCustomerUserToCompany). A provider user is refused on userId; a user who
// already belongs to the company is refused on companyId.
func (p *People) AddToCompany(ctx context.Context, req Request, userID uuid.UUID, in MembershipInput) (Customer, error) {
	c, err := p.company(ctx, req, in.CompanyID, access.ActionCreate)
	if err != nil {
		return Customer{}, err
	}
	if err := checkMembership(c, &in); err != nil {
		return Customer{}, err
	}
	u, err := p.dir.st.UserGetByUUID(ctx, userID)
	if store.IsNotFound(err) {
		return Customer{}, apperr.NotFound("user")
	} else if err != nil {
		return Customer{}, err
	}
	if u.UserType != string(access.UserTypeCustomer) {
		return Customer{}, apperr.Invalid("userId", "user_is_not_a_customer")
	}
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		return p.insertMembership(ctx, q, req, c, u, in)
	})
	if err != nil {
		return Customer{}, err
	}
	return p.changed(ctx, req, u.UUID)
}

func (p *People) insertMembership(ctx context.Context, q *store.Queries, req Request, c CompanyAccess, u store.User, in MembershipInput) error {
	m, err := q.CompanyUserInsert(ctx, store.CompanyUserInsertParams{CompanyID: c.Company.ID, UserID: u.ID, Role: in.Role, JobTitle: in.JobTitle})
	if uniqueViolation(err) {
		return apperr.Invalid("companyId", "user_already_belongs_to_company")
	} else if err != nil {
		return err
	}
	if err := writeCategories(ctx, q, c.Company.ID, m.ID, in.CategoryIDs); err != nil {
		return err
	}
	return logEvent(ctx, q, req, &c.Company.ID, eventCategory(req), "company_user_added",
		map[string]any{"userId": u.UUID, "companyUserId": m.UUID, "role": in.Role, "categoryIds": in.CategoryIDs})
}

// CreateCustomer creates a customer user and their first membership
// (createCompanyUser). An e-mail already in use is refused on email, with its
// own message when it belongs to a provider user.
func (p *People) CreateCustomer(ctx context.Context, req Request, nu NewCustomer, in MembershipInput) (Customer, error) {
	c, err := p.company(ctx, req, in.CompanyID, access.ActionCreate)
	if err != nil {
		return Customer{}, err
	}
	nu.Name = strings.Join(strings.Fields(nu.Name), " ")
	nu.Email = strings.TrimSpace(nu.Email)
	if len(strings.Fields(nu.Name)) < 2 {
		return Customer{}, apperr.Invalid("name", "first_and_last_name_required")
	}
	if len([]rune(nu.Name)) > 250 {
		return Customer{}, apperr.Invalid("name", "name_is_too_long")
	}
	if a, err := mail.ParseAddress(nu.Email); err != nil || a.Address != nu.Email || !strings.Contains(nu.Email[strings.IndexByte(nu.Email, '@'):], ".") {
		return Customer{}, apperr.Invalid("email", "email_is_invalid")
	}
	if nu.Phone != nil {
		ph := strings.TrimSpace(*nu.Phone)
		nu.Phone = &ph
		if ph == "" {
			nu.Phone = nil
		} else if !phonePattern.MatchString(ph) {
			return Customer{}, apperr.Invalid("phone", "phone_is_invalid")
		}
	}
	if err := checkMembership(c, &in); err != nil {
		return Customer{}, err
	}
	existing, err := p.dir.st.UserGetByEmail(ctx, nu.Email)
	switch {
	case err == nil && existing.UserType == string(access.UserTypeCustomer):
		return Customer{}, apperr.Invalid("email", "email_has_already_been_taken")
	case err == nil:
		return Customer{}, apperr.Invalid("email", "email_belongs_to_provider_user")
	case !store.IsNotFound(err):
		return Customer{}, err
	}
	var u store.User
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		u, err = q.UserCreate(ctx, store.UserCreateParams{Email: nu.Email, Name: nu.Name, UserType: string(access.UserTypeCustomer),
			Phone: nu.Phone, Language: "en"})
		if uniqueViolation(err) {
			return apperr.Invalid("email", "email_has_already_been_taken")
		} else if err != nil {
			return err
		}
		if err := logEvent(ctx, q, req, &c.Company.ID, eventCategory(req), "customer_user_created",
			map[string]any{"userId": u.UUID, "email": u.Email}); err != nil {
			return err
		}
		return p.insertMembership(ctx, q, req, c, u, in)
	})
	if err != nil {
		return Customer{}, err
	}
	return p.changed(ctx, req, u.UUID)
}

// membership is a company-user row of the company, by its public id; another
// company's row is RECORD_NOT_FOUND.
func (p *People) membership(ctx context.Context, c CompanyAccess, id uuid.UUID) (store.CompanyUserGetByUUIDRow, error) {
	m, err := p.dir.st.CompanyUserGetByUUID(ctx, id)
	if store.IsNotFound(err) || (err == nil && m.CompanyID != c.Company.ID) {
		return m, apperr.NotFound("company_user")
	}
	return m, err
}

// UpdateMembership changes a membership's job title, role and categories
// (updateCompanyUser); a nil job title or category list and an empty role keep
// their values. The company's last active admin keeps the admin role.
func (p *People) UpdateMembership(ctx context.Context, req Request, membershipID uuid.UUID, in MembershipInput) (Customer, error) {
	c, err := p.company(ctx, req, in.CompanyID, access.ActionUpdate)
	if err != nil {
		return Customer{}, err
	}
	m, err := p.membership(ctx, c, membershipID)
	if err != nil {
		return Customer{}, err
	}
	// What the change leaves out keeps its value.
	if in.Role == "" {
		in.Role = m.Role
	}
	if in.JobTitle == nil {
		in.JobTitle = m.JobTitle
	}
	rows, err := p.dir.st.CompanyUserMemberships(ctx, store.CompanyUserMembershipsParams{UserID: m.UserID, CompanyIds: []int64{m.CompanyID}})
	if err != nil {
		return Customer{}, err
	}
	was := []int64{}
	if len(rows) == 1 {
		was = rows[0].CategoryIds
	}
	if in.CategoryIDs == nil {
		in.CategoryIDs = was
	}
	if err := checkMembership(c, &in); err != nil {
		return Customer{}, err
	}
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		if m.Role == "admin" && in.Role != "admin" && m.Active {
			if err := lastAdmin(ctx, q, m.CompanyID, m.ID, "role"); err != nil {
				return err
			}
		}
		if _, err := q.CompanyUserUpdate(ctx, store.CompanyUserUpdateParams{CompanyID: m.CompanyID, ID: m.ID, Role: in.Role, JobTitle: in.JobTitle}); err != nil {
			return err
		}
		if err := writeCategories(ctx, q, m.CompanyID, m.ID, in.CategoryIDs); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, eventCategory(req), "company_user_updated",
			map[string]any{"userId": m.UserUuid, "companyUserId": m.UUID, "role": in.Role, "categoryIds": in.CategoryIDs,
				"jobTitle": in.JobTitle})
	})
	if err != nil {
		return Customer{}, err
	}
	if m.Active && (in.Role != m.Role || !slices.Equal(in.CategoryIDs, was)) {
		p.accessRightsChanged(ctx, req, c.Company.UUID, m.UserUuid, m.ID)
	}
	return p.changed(ctx, req, m.UserUuid)
}

// lastAdmin refuses a change that leaves the company without an active admin.
func lastAdmin(ctx context.Context, q *store.Queries, companyID, membershipID int64, field string) error {
	n, err := q.CompanyUserActiveAdminCount(ctx, store.CompanyUserActiveAdminCountParams{CompanyID: companyID, ExceptID: membershipID})
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.Invalid(field, "cannot_remove_last_admin_of_company")
	}
	return nil
}

// SetActive deactivates (deleteCompanyUser) or reactivates
// (reactivateCompanyUser) a membership. Nobody does either to themselves. A
// user left with no active membership loses their open sessions at once.
func (p *People) SetActive(ctx context.Context, req Request, companyID, membershipID uuid.UUID, active bool) (Customer, error) {
	c, err := p.company(ctx, req, companyID, access.ActionDestroy)
	if err != nil {
		return Customer{}, err
	}
	m, err := p.membership(ctx, c, membershipID)
	if err != nil {
		return Customer{}, err
	}
	if m.UserID == req.User.ID {
		return Customer{}, apperr.Denied("cannot_deactivate_yourself")
	}
	if !c.Abilities.CanOn(access.ActionDestroy, access.SubjectCompanyUser, access.Object{UserID: m.UserUuid}) {
		return Customer{}, apperr.Denied("")
	}
	ended := false
	err = p.dir.st.InTx(ctx, func(q *store.Queries) error {
		if !active && m.Role == "admin" && m.Active {
			if err := lastAdmin(ctx, q, m.CompanyID, m.ID, "companyUserId"); err != nil {
				return err
			}
		}
		if _, err := q.CompanyUserSetActive(ctx, store.CompanyUserSetActiveParams{CompanyID: m.CompanyID, ID: m.ID, Active: active}); err != nil {
			return err
		}
		name := "company_user_reactivated"
		if !active {
			name = "company_user_deactivated"
			if ended, err = endSessionsIfNone(ctx, q, m.UserID); err != nil {
				return err
			}
		}
		return logEvent(ctx, q, req, &c.Company.ID, eventCategory(req), name,
			map[string]any{"userId": m.UserUuid, "companyUserId": m.UUID, "sessionsEnded": ended})
	})
	if err != nil {
		return Customer{}, err
	}
	if ended {
		p.sessionEnded(ctx, m.UserUuid)
	}
	return p.changed(ctx, req, m.UserUuid)
}

// endSessionsIfNone ends the user's sessions when no active membership is
// left for them (a global admin sees every company, so keeps theirs).
func endSessionsIfNone(ctx context.Context, q *store.Queries, userID int64) (bool, error) {
	u, err := q.UserGet(ctx, userID)
	if err != nil || u.UserRole == string(access.UserRoleAdmin) {
		return false, err
	}
	left, err := q.UserActiveMembershipCount(ctx, userID)
	if err != nil || left > 0 {
		return false, err
	}
	_, err = q.SessionDeleteForUser(ctx, userID)
	return err == nil, err
}

// sessionEnded tells the user's browsers their session ended.
func (p *People) sessionEnded(ctx context.Context, user uuid.UUID) {
	p.pub.Publish(ctx, notify.Event{Users: []uuid.UUID{user}, Key: SessionEndedKey, Data: map[string]any{"uuid": user.String()}})
}

// uniqueViolation reports a unique constraint refusing a write.
func uniqueViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}

// BelongsTo reports whether the user has a membership (active or not) of the company.
func (c Customer) BelongsTo(companyID uuid.UUID) bool {
	for _, m := range c.Memberships {
		if m.Company.UUID == companyID {
			return true
		}
	}
	return false
}

// companyLink is the company a membership row names.
type companyLink struct {
	id         int64
	uuid       uuid.UUID
	name       string
	active     bool
	businessID *string
}

// linkedCompanies are the companies of a page's memberships with a global
// admin's abilities there, in one query for their categories.
func (p *People) linkedCompanies(ctx context.Context, req Request, rows []companyLink) (map[int64]CompanyAccess, error) {
	out := map[int64]CompanyAccess{}
	var ids []int64
	for _, r := range rows {
		if _, ok := out[r.id]; !ok {
			out[r.id] = CompanyAccess{Company: store.Company{ID: r.id, UUID: r.uuid, Name: r.name, Active: r.active, BusinessID: r.businessID}}
			ids = append(ids, r.id)
		}
	}
	cats, err := p.dir.st.CompanyCategoryList(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("org: categories: %w", err)
	}
	for _, c := range cats {
		ca := out[c.CompanyID]
		ca.Categories = append(ca.Categories, c.Category)
		out[c.CompanyID] = ca
	}
	actor := Actor(req.User, req.AdminPanel)
	for id, ca := range out {
		ca.Abilities = access.Compute(actor, membershipInput(ca.Company, Membership{}), categoryInputs(ca.Categories))
		out[id] = ca
	}
	return out, nil
}
