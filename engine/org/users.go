package org

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/store"
)

// VisibleUser returns a user the viewer may see: themself, or one who shares a
// company the viewer may see. Anyone else is RECORD_NOT_FOUND.
func (d *Directory) VisibleUser(ctx context.Context, viewer store.User, adminPanel bool, id uuid.UUID) (store.User, error) {
	if id == viewer.UUID {
		return viewer, nil
	}
	u, err := d.st.UserGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return u, apperr.NotFound("user")
	} else if err != nil {
		return u, err
	}
	if viewer.UserRole == "admin" {
		return u, nil
	}
	theirs, err := d.st.UserCompanyIDs(ctx, u.ID)
	if err != nil {
		return u, err
	}
	mine, err := d.Companies(ctx, viewer, adminPanel)
	if err != nil {
		return u, err
	}
	for _, c := range mine {
		if slices.Contains(theirs, c.Company.ID) {
			return u, nil
		}
	}
	return store.User{}, apperr.NotFound("user")
}

// UserIDs are the internal ids of users by public id (filters by creator);
// an unknown user is RECORD_NOT_FOUND.
func (d *Directory) UserIDs(ctx context.Context, ids []uuid.UUID) ([]int64, error) {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		u, err := d.st.UserGetByUUID(ctx, id)
		if store.IsNotFound(err) {
			return nil, apperr.NotFound("user")
		} else if err != nil {
			return nil, err
		}
		out = append(out, u.ID)
	}
	return out, nil
}
