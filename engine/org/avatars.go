package org

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strings"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/blob"
	"portico/engine/store"
)

// AvatarPath is where avatars are served: AvatarPath + user uuid + "/" +
// version, the version being a digest of the picture and its extension, so
// a new picture is a new address and one address never changes (immutable).
const AvatarPath = "/api/avatars/"

// Avatars keeps users' pictures: square, re-encoded, in the blob store, the
// user's avatar URL pointing at the current one.
type Avatars struct {
	dir   *Directory
	blobs blob.Store
}

// NewAvatars builds the avatar service on the directory and the blob store.
func NewAvatars(dir *Directory, blobs blob.Store) *Avatars { return &Avatars{dir: dir, blobs: blobs} }

// Avatar is one stored picture opened for reading.
type Avatar struct {
	ContentType string
	Version     string
	Content     io.ReadSeekCloser
}

// editable is the user whose avatar req's user may change: themselves, or
// anyone for a global admin (as for name and phone, UpdateProfile).
func (a *Avatars) editable(ctx context.Context, req Request, userID uuid.UUID) (store.User, error) {
	if userID != req.User.UUID && req.User.UserRole != string(access.UserRoleAdmin) {
		return store.User{}, apperr.NotFound("user")
	}
	u, err := a.dir.st.UserGetByUUID(ctx, userID)
	if store.IsNotFound(err) {
		return u, apperr.NotFound("user")
	}
	return u, err
}

// Set stores content as the user's avatar: cropped to its centre square,
// scaled and re-encoded (squareAvatar). Bad input is ARGUMENT_ERROR on
// content and changes nothing.
func (a *Avatars) Set(ctx context.Context, req Request, userID uuid.UUID, content io.Reader) (store.User, error) {
	u, err := a.editable(ctx, req, userID)
	if err != nil {
		return u, err
	}
	pic, ext, err := squareAvatar(content)
	if err != nil {
		return u, err
	}
	sum := sha256.Sum256(pic)
	version := hex.EncodeToString(sum[:8]) + "." + ext
	url := AvatarPath + u.UUID.String() + "/" + version
	if u.AvatarUrl != nil && *u.AvatarUrl == url {
		return u, nil // the same picture again
	}
	key := avatarKey(u.UUID, version)
	if _, err := a.blobs.Put(ctx, key, bytes.NewReader(pic)); err != nil {
		return u, err
	}
	old := u.AvatarUrl
	err = a.dir.st.InTx(ctx, func(q *store.Queries) error {
		u, err = q.UserSetAvatar(ctx, store.UserSetAvatarParams{ID: u.ID, AvatarUrl: &url})
		if err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "Users", "avatar_updated", map[string]any{"userId": u.UUID})
	})
	if err != nil {
		_ = a.blobs.Delete(context.WithoutCancel(ctx), key)
		return u, err
	}
	a.dropOld(ctx, u.UUID, old)
	return u, nil
}

// Remove clears the user's avatar (the app shows initials again).
func (a *Avatars) Remove(ctx context.Context, req Request, userID uuid.UUID) (store.User, error) {
	u, err := a.editable(ctx, req, userID)
	if err != nil || u.AvatarUrl == nil {
		return u, err
	}
	old := u.AvatarUrl
	err = a.dir.st.InTx(ctx, func(q *store.Queries) error {
		u, err = q.UserSetAvatar(ctx, store.UserSetAvatarParams{ID: u.ID})
		if err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "Users", "avatar_removed", map[string]any{"userId": u.UUID})
	})
	if err != nil {
		return u, err
	}
	a.dropOld(ctx, u.UUID, old)
	return u, nil
}

// Open is the user's current avatar at version, for a viewer who may see the
// user (VisibleUser); anything else, an old version included, is
// RECORD_NOT_FOUND.
func (a *Avatars) Open(ctx context.Context, req Request, userID uuid.UUID, version string) (*Avatar, error) {
	u, err := a.dir.VisibleUser(ctx, req.User, req.AdminPanel, userID)
	if err != nil {
		return nil, err
	}
	if u.AvatarUrl == nil || *u.AvatarUrl != AvatarPath+u.UUID.String()+"/"+version {
		return nil, apperr.NotFound("avatar")
	}
	r, err := a.blobs.Open(ctx, avatarKey(u.UUID, version))
	if err == blob.ErrNotFound {
		return nil, apperr.NotFound("avatar")
	} else if err != nil {
		return nil, err
	}
	ct := "image/png"
	if strings.HasSuffix(version, ".jpg") {
		ct = "image/jpeg"
	}
	return &Avatar{ContentType: ct, Version: version, Content: r}, nil
}

// dropOld deletes a replaced picture of ours; a failure leaves only an
// unreferenced blob behind.
func (a *Avatars) dropOld(ctx context.Context, userID uuid.UUID, old *string) {
	prefix := AvatarPath + userID.String() + "/"
	if old == nil || !strings.HasPrefix(*old, prefix) {
		return
	}
	_ = a.blobs.Delete(context.WithoutCancel(ctx), avatarKey(userID, strings.TrimPrefix(*old, prefix)))
}

func avatarKey(userID uuid.UUID, version string) string {
	return "avatars/" + userID.String() + "/" + version
}
