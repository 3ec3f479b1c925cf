package org

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/store"
)

// ResponsibleKey is the realtime event a provider user's browsers hear when they are
// made responsible for a company or no longer are (spec 000 §7, portico.responsible):
// the web app loads its starting data again, so the my_customers tab and the
// responsible filters follow at once.
const ResponsibleKey = "portico.responsible"

// Responsibility marks provider users responsible for companies.
type Responsibility struct {
	dir *Directory
	pub notify.Publisher
}

// NewResponsibility builds the service; a nil publisher sends nothing.
func NewResponsibility(dir *Directory, pub notify.Publisher) *Responsibility {
	if pub == nil {
		pub = notify.Discard{}
	}
	return &Responsibility{dir: dir, pub: pub}
}

// SetResponsible marks a provider user responsible for a company, or not, for those
// who may update the company's provider users (global admins). The user
// must be the company's staff. A change is logged, and the user hears
// portico.responsible with the company and the new state; setting what is already
// set changes nothing and tells no one.
func (r *Responsibility) SetResponsible(ctx context.Context, req Request, companyID, userID uuid.UUID, responsible bool) error {
	c, err := r.dir.Company(ctx, req.User, req.AdminPanel, companyID)
	if err != nil {
		return err
	}
	if !c.Abilities.Can(access.ActionUpdate, access.SubjectPorticoUser) {
		return apperr.Denied("")
	}
	user, err := r.dir.st.UserGetByUUID(ctx, userID)
	if store.IsNotFound(err) {
		return apperr.NotFound("user")
	}
	if err != nil {
		return err
	}
	changed := false
	err = r.dir.st.InTx(ctx, func(q *store.Queries) error {
		before, err := q.PorticoUserMemberships(ctx, store.PorticoUserMembershipsParams{UserID: user.ID, CompanyIds: []int64{c.Company.ID}})
		if err != nil {
			return err
		}
		if len(before) == 0 {
			return apperr.NotFound("user")
		}
		if before[0].Responsible == responsible {
			return nil
		}
		if _, err := q.PorticoUserSetResponsible(ctx, store.PorticoUserSetResponsibleParams{
			Responsible: responsible, CompanyID: c.Company.ID, UserID: user.ID}); err != nil {
			return err
		}
		changed = true
		return logEvent(ctx, q, req, &c.Company.ID, "Admin:AgentUser", "responsible_changed",
			map[string]any{"userId": user.UUID, "responsible": responsible})
	})
	if err != nil || !changed {
		return err
	}
	r.pub.Publish(ctx, notify.Event{Users: []uuid.UUID{user.UUID}, Key: ResponsibleKey, Data: map[string]any{
		"uuid": user.UUID.String(), "companyId": c.Company.UUID.String(), "responsible": responsible,
	}})
	return nil
}
