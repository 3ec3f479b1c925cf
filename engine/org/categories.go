package org

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
)

// CategoryFilter narrows the categories query.
type CategoryFilter struct {
	// Company and Companies: the companies whose categories (none: every
	// company the viewer may see). uuid.Nil names no company.
	Company   *uuid.UUID
	Companies []uuid.UUID
	// Group: Company names a group view (its companies and mother company,
	// GroupView), as inboxTasks' group does.
	Group bool
	// Responsible: only companies the viewer is responsible for.
	Responsible bool
	// CustomersOnly leaves internal categories out.
	CustomersOnly bool
	// All: every category there is, inactive ones and those no company uses
	// too, whatever the companies named, for who may manage categories
	// (global admins); anyone else gets what they may read (decision 0158).
	All bool
}

// Categories are the categories the viewer may see in the companies f names,
// each once. A Company (or group) the viewer may not see is RECORD_NOT_FOUND.
func (d *Directory) Categories(ctx context.Context, req Request, f CategoryFilter) ([]Category, error) {
	if f.All && req.User.UserRole == string(access.UserRoleAdmin) {
		return d.everyCategory(ctx, f.CustomersOnly)
	}
	list, err := d.Companies(ctx, req.User, req.AdminPanel)
	if err != nil {
		return nil, err
	}
	wanted := slices.Clone(f.Companies)
	if f.Company != nil && f.Group {
		view, err := d.GroupView(ctx, req.User, list, *f.Company)
		if err != nil {
			return nil, err
		}
		for id := range view {
			wanted = append(wanted, id)
		}
	} else if f.Company != nil {
		wanted = append(wanted, *f.Company)
	}
	seen := map[int64]bool{}
	out := []Category{}
	for _, c := range list {
		if len(wanted) > 0 && !slices.Contains(wanted, c.Company.UUID) {
			continue
		}
		if f.Responsible && !c.Membership.Responsible {
			continue
		}
		for _, cat := range c.VisibleCategories() {
			if f.CustomersOnly && internal(cat) {
				continue
			}
			if !seen[cat.ID] {
				seen[cat.ID] = true
				out = append(out, cat)
			}
		}
	}
	if len(out) == 0 && f.Company != nil && !f.Group && !slices.ContainsFunc(list, func(c CompanyAccess) bool { return c.Company.UUID == *f.Company }) {
		// a company the viewer may not see reveals nothing, not even that it exists
		return nil, apperr.NotFound("company")
	}
	return out, nil
}

// everyCategory is the whole catalogue in its order (position, name), without
// the internal categories when customersOnly.
func (d *Directory) everyCategory(ctx context.Context, customersOnly bool) ([]Category, error) {
	all, err := d.st.CategoryList(ctx)
	if err != nil {
		return nil, err
	}
	if customersOnly {
		all = slices.DeleteFunc(all, internal)
	}
	return all, nil
}

func internal(c Category) bool { return c.CategoryType == string(access.CategoryInternal) }

// SelectCategories saves the viewer's category filter (updateSelectedCategoryIds,
// sent at logout). Every id must be a category the viewer may see in one of
// their companies; otherwise ARGUMENT_ERROR invalid_category on categoryIds,
// and nothing is saved.
func (d *Directory) SelectCategories(ctx context.Context, req Request, ids []int64) error {
	if len(ids) > 0 {
		visible, err := d.Categories(ctx, req, CategoryFilter{})
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !slices.ContainsFunc(visible, func(c Category) bool { return c.ID == id }) {
				return apperr.Invalid("categoryIds", "invalid_category")
			}
		}
	}
	return d.st.InTx(ctx, func(q *store.Queries) error {
		if err := q.UserSetSelectedCategories(ctx, store.UserSetSelectedCategoriesParams{ID: req.User.ID, CategoryIds: ids}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "Category", "selected_categories_updated", map[string]any{"categoryIds": ids})
	})
}
