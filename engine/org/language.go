package org

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/store"
)

// Languages are the interface languages a user may choose; the first is the default.
var Languages = []string{"en", "fi", "sv"}

// SetLanguage stores the viewer's own interface language (updateUser language).
func (d *Directory) SetLanguage(ctx context.Context, req Request, language string) (store.User, error) {
	if !slices.Contains(Languages, language) {
		return req.User, apperr.Invalid("language", "language_is_not_included_in_the_list")
	}
	var u store.User
	err := d.st.InTx(ctx, func(q *store.Queries) error {
		var err error
		u, err = q.UserSetLanguage(ctx, store.UserSetLanguageParams{ID: req.User.ID, Language: language})
		if err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "Users", "language_changed", map[string]any{"userId": u.UUID, "language": language})
	})
	return u, err
}

// AdoptLanguage gives a user who never chose a language the browser's, at
// sign-in; a chosen one stays. It answers the user as stored.
func (d *Directory) AdoptLanguage(ctx context.Context, u store.User, language string) (store.User, error) {
	if u.LanguageChosen || !slices.Contains(Languages, language) {
		return u, nil
	}
	got, err := d.st.UserAdoptLanguage(ctx, store.UserAdoptLanguageParams{ID: u.ID, Language: language})
	if store.IsNotFound(err) {
		return u, nil
	} else if err != nil {
		return u, fmt.Errorf("org: adopt language: %w", err)
	}
	return got, nil
}

// UpdateUser is updateUser: name and phone (UpdateProfile), and the viewer's
// own language. Nothing is written when one of them is refused.
func (d *Directory) UpdateUser(ctx context.Context, req Request, userID uuid.UUID, name, phone, language *string) (store.User, error) {
	if language != nil {
		if userID != req.User.UUID {
			return store.User{}, apperr.Invalid("language", "language_is_only_set_by_the_user")
		}
		if !slices.Contains(Languages, *language) {
			return req.User, apperr.Invalid("language", "language_is_not_included_in_the_list")
		}
	}
	u := req.User
	var err error
	if name != nil || phone != nil {
		if u, err = d.UpdateProfile(ctx, req, userID, name, phone); err != nil {
			return u, err
		}
	}
	if language != nil {
		return d.SetLanguage(ctx, req, *language)
	}
	return u, nil
}
