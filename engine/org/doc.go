// Package org holds companies, groups, users and categories: above all, which
// companies a user may see and what they may do in each.
//
// It imports engine/access, engine/apperr, engine/blob, engine/notify, engine/store and
// engine/workflow/graph (country calendars); no edge.
package org
