package org

import (
	"context"
	"encoding/json"
	"net/netip"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// Request is who asks, for writes that are logged.
type Request struct {
	User       store.User
	AdminPanel bool
	IP         *netip.Addr
}

// AcceptTerms records that a customer accepted the terms for their company.
// Provider staff are exempt from the gate and cannot accept on a customer's behalf.
func (d *Directory) AcceptTerms(ctx context.Context, req Request, companyID uuid.UUID) error {
	c, err := d.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return err
	}
	if req.User.UserType != string(access.UserTypeCustomer) {
		return apperr.Denied("")
	}
	if c.Company.TermsAcceptedAt != nil {
		return nil
	}
	return d.st.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.CompanyAcceptTerms(ctx, store.CompanyAcceptTermsParams{ID: c.Company.ID, UserID: &req.User.ID}); err != nil && !store.IsNotFound(err) {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, "Company", "terms_accepted", nil)
	})
}

// ToggleFavorite stars or unstars a company for a staff member; it returns the new state.
func (d *Directory) ToggleFavorite(ctx context.Context, req Request, companyID uuid.UUID) (CompanyAccess, error) {
	c, err := d.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return c, err
	}
	if req.User.UserType != string(access.UserTypeStaff) {
		return c, apperr.Denied("")
	}
	p := store.FavoriteCompanySetParams{UserID: req.User.ID, CompanyID: c.Company.ID}
	if c.Favorite {
		err = d.st.FavoriteCompanyUnset(ctx, store.FavoriteCompanyUnsetParams(p))
	} else {
		err = d.st.FavoriteCompanySet(ctx, p)
	}
	if err != nil {
		return c, err
	}
	c.Favorite = !c.Favorite
	return c, nil
}

// UpdateProfile changes a user's own name and phone (trimmed).
func (d *Directory) UpdateProfile(ctx context.Context, req Request, userID uuid.UUID, name, phone *string) (store.User, error) {
	if userID != req.User.UUID && req.User.UserRole != string(access.UserRoleAdmin) {
		return store.User{}, apperr.NotFound("user")
	}
	u, err := d.st.UserGetByUUID(ctx, userID)
	if store.IsNotFound(err) {
		return u, apperr.NotFound("user")
	} else if err != nil {
		return u, err
	}
	newName, newPhone := u.Name, u.Phone
	if name != nil {
		newName = strings.TrimSpace(*name)
		if len(strings.Fields(newName)) < 2 {
			return u, apperr.Invalid("name", "first_and_last_name_required")
		}
	}
	if phone != nil {
		p := strings.TrimSpace(*phone)
		newPhone = &p
		if p == "" {
			newPhone = nil
		}
	}
	err = d.st.InTx(ctx, func(q *store.Queries) error {
		u, err = q.UserUpdateProfile(ctx, store.UserUpdateProfileParams{ID: u.ID, Name: newName, Phone: newPhone})
		if err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "Users", "profile_updated", map[string]any{"userId": u.UUID})
	})
	return u, err
}

// LogEvent writes an events-log entry of req's user in the caller's
// transaction, for the engine's other services.
func LogEvent(ctx context.Context, q *store.Queries, req Request, companyID *int64, category, name string, data map[string]any) error {
	return logEvent(ctx, q, req, companyID, category, name, data)
}

// logEvent writes an events-log entry in the caller's transaction.
func logEvent(ctx context.Context, q *store.Queries, req Request, companyID *int64, category, name string, data map[string]any) error {
	if data == nil {
		data = map[string]any{}
	}
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return q.EventLogAdd(ctx, store.EventLogAddParams{CompanyID: companyID, UserID: &req.User.ID,
		EventCategory: category, EventName: name, Ip: req.IP, Data: b})
}
