package access

import "github.com/google/uuid"

// UserType tells provider staff from customers (users.user_type).
type UserType string

// User types.
const (
	UserTypeStaff    UserType = "portico_user"
	UserTypeCustomer UserType = "customer"
)

// UserRole is the user's global role (users.user_role).
type UserRole string

// Global roles. UserRoleAdmin is the global admin.
const (
	UserRoleAdmin UserRole = "admin"
	UserRoleUser  UserRole = "user"
)

// MemberRole is the role inside one company: agent admin or agent user for
// staff (portico_users.role), customer admin or customer user for customers
// (company_users.role). Anything but MemberRoleAdmin counts as a plain user.
type MemberRole string

// Company roles.
const (
	MemberRoleAdmin MemberRole = "admin"
	MemberRoleUser  MemberRole = "user"
)

// CategoryType is a category's kind (categories.category_type).
type CategoryType string

// Category types. Internal categories belong to provider staff only; sensitive
// ones need explicit membership.
const (
	CategorySensitive CategoryType = "sensitive"
	CategoryInternal  CategoryType = "internal"
	CategoryOther     CategoryType = "other"
)

// Actor is the signed-in user making the request.
type Actor struct {
	UserID   uuid.UUID
	UserType UserType
	UserRole UserRole
	// Responsible marks staff responsible for companies. It does not change
	// abilities (see the package doc).
	Responsible bool
	// AdminPanel is set when the request comes through the admin panel domain.
	AdminPanel bool
}

// Company holds the company settings that abilities depend on.
type Company struct {
	ID     uuid.UUID
	Active bool
	// SSOSettingsEnabled: the provider lets the company's admins configure SSO.
	SSOSettingsEnabled bool
	TermsAccepted      bool
}

// Membership is the actor's row in one company: a portico_users row for staff,
// a company_users row for customers, with the company's settings. The zero
// value (Active false) stands for "no row".
type Membership struct {
	Company Company
	// Active is true when the row exists and is active.
	Active     bool
	Role       MemberRole
	Categories []int64
	// CompanyRoles are staff's roles in the company (labels only).
	CompanyRoles []string
}

// Category is one of the company's categories.
type Category struct {
	ID           int64
	CategoryType CategoryType
	Active       bool
}
