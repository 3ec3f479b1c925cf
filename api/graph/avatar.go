package graph

import (
	"portico/api/graph/model"
	"portico/engine/org"
)

// avatarPayload answers updateAvatar and removeAvatar: the user's avatar
// address as stored, or the errors.
func avatarPayload(u org.User, errs []*model.MutationError) *model.UpdateAvatarPayload {
	if len(errs) > 0 {
		return &model.UpdateAvatarPayload{Errors: errs}
	}
	return &model.UpdateAvatarPayload{Avatar: u.AvatarUrl, Errors: errs}
}
