package inbox

import (
	"context"
	"slices"
	"strings"

	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
)

// OrderFields are the fields of inboxTasks' orderBy ("<field> <asc|desc>"):
// the tasks table's sortable columns. priority sorts by rank (low < medium <
// high < very_high), status by its place in a thread's life (created,
// in_progress, closed, skipped, failed, cancelled), responsible by the name
// the viewer sees, activityAt is the last update.
var OrderFields = []string{"title", "workflow", "company", "priority", "dueDate", "activityAt", "responsible", "status"}

// order is a parsed orderBy.
type order struct {
	field         string
	desc, dueDesc bool
}

// parseOrder reads orderBy and orderByDueDate; nil when orderBy is empty.
func parseOrder(orderBy, orderByDueDate string) (*order, error) {
	var o order
	switch orderByDueDate {
	case "", "asc":
	case "desc":
		o.dueDesc = true
	default:
		return nil, &apperr.Error{Code: apperr.ArgumentError, Message: "invalid_order_by_due_date", Field: "orderByDueDate"}
	}
	if strings.TrimSpace(orderBy) == "" {
		return nil, nil
	}
	parts := strings.Fields(orderBy)
	if len(parts) != 2 || !slices.Contains(OrderFields, parts[0]) || (parts[1] != "asc" && parts[1] != "desc") {
		return nil, &apperr.Error{Code: apperr.ArgumentError, Message: "invalid_order_by", Field: "orderBy"}
	}
	o.field, o.desc = parts[0], parts[1] == "desc"
	return &o, nil
}

// orderedPage is one page in a chosen order (ThreadListOrdered): the field,
// then the due date, then activity time descending, then uuid; the cursor's
// sort values are read by the query itself.
func (s *Service) orderedPage(ctx context.Context, req org.Request, p store.ThreadListParams, o *order, cursor *store.ThreadGetByUUIDRow, limit int) ([]store.ThreadListRow, error) {
	q := store.ThreadListOrderedParams{OrderField: o.field, OrderDesc: o.desc, DueDesc: o.dueDesc,
		MaskStaff: !isStaff(req.User), ProviderLabel: ProviderLabel,
		UserID: p.UserID, CompanyIds: p.CompanyIds, Scope: p.Scope, CategoryIds: p.CategoryIds, Hidden: p.Hidden,
		Statuses: p.Statuses, TaskTypes: p.TaskTypes, UnreadOnly: p.UnreadOnly, ResponsibleIds: p.ResponsibleIds,
		ResponsibleNobody: p.ResponsibleNobody, AuthorIds: p.AuthorIds, Priorities: p.Priorities, Urgent: p.Urgent,
		DueFrom: p.DueFrom, DueTo: p.DueTo, WithDueDate: p.WithDueDate, OverdueOnly: p.OverdueOnly, Now: p.Now,
		WithMessages: p.WithMessages, WithAttachments: p.WithAttachments, ParticipantIds: p.ParticipantIds,
		WorkflowIds: p.WorkflowIds, Query: p.Query, Lim: int32(limit)}
	if cursor != nil {
		q.CursorSet, q.CursorCompanyID, q.CursorID = true, cursor.CompanyID, cursor.ID
	}
	rows, err := s.plan.ThreadListOrdered(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]store.ThreadListRow, len(rows))
	for i, r := range rows {
		out[i] = store.ThreadListRow(r)
	}
	return out, nil
}
