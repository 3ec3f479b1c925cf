package workflow

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/google/uuid"

	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// companyValues is what the dates and assignees of a company's runs read from
// the company: its anchor-date values and the staff its tasks go to. A run, a
// trigger and a preview load them for their one company, the forecast for all
// of its companies at once, with the same queries, and all of them read them
// through the same methods, so a forecast assigns and dates a task exactly as
// the run will.
type companyValues struct {
	anchors     map[companyField]*graph.AnchorDate
	responsible map[int64]int64
	staff       map[companyUser]int64
}

type companyField struct{ company, field int64 }

type companyUser struct {
	company int64
	user    uuid.UUID
}

// valuesWanted says what to load: the anchor-date fields named, the staff
// members named by user rules, and whether the responsible persons.
type valuesWanted struct {
	fields      []int64
	users       []uuid.UUID
	responsible bool
}

func loadCompanyValues(ctx context.Context, q *store.Queries, companies []int64, want valuesWanted) (companyValues, error) {
	v := companyValues{anchors: map[companyField]*graph.AnchorDate{}, responsible: map[int64]int64{},
		staff: map[companyUser]int64{}}
	if len(companies) == 0 {
		return v, nil
	}
	if len(want.fields) > 0 {
		rows, err := q.WorkflowDynamicFieldValues(ctx, store.WorkflowDynamicFieldValuesParams{CompanyIds: companies,
			DynamicFieldIds: want.fields})
		if err != nil {
			return v, err
		}
		for _, r := range rows {
			if a := decodeAnchor(r.Value); a != nil {
				v.anchors[companyField{r.CompanyID, r.DynamicFieldID}] = a
			}
		}
	}
	if want.responsible {
		rows, err := q.WorkflowTaskResponsibles(ctx, companies)
		if err != nil {
			return v, err
		}
		for _, r := range rows {
			v.responsible[r.CompanyID] = r.UserID
		}
	}
	if len(want.users) > 0 {
		rows, err := q.WorkflowTaskStaffMembers(ctx, store.WorkflowTaskStaffMembersParams{CompanyIds: companies,
			UserUuids: want.users})
		if err != nil {
			return v, err
		}
		for _, r := range rows {
			v.staff[companyUser{r.CompanyID, r.UUID}] = r.UserID
		}
	}
	return v, nil
}

// decodeAnchor reads a stored anchor-date value; one that does not parse or
// validate counts as none.
func decodeAnchor(raw []byte) *graph.AnchorDate {
	var a graph.AnchorDate
	if err := json.Unmarshal(raw, &a); err != nil || a.Validate() != nil {
		return nil
	}
	return &a
}

// fieldID is the numeric id of a dynamic field a rule names (false when it is
// not one, which no company has a value for).
func fieldID(id graph.ID) (int64, bool) {
	n, err := strconv.ParseInt(string(id), 10, 64)
	return n, err == nil
}

// anchor is a company's value of an anchor-date field (nil when it has none).
func (v companyValues) anchor(company int64, id graph.ID) *graph.AnchorDate {
	n, ok := fieldID(id)
	if !ok {
		return nil
	}
	return v.anchors[companyField{company, n}]
}

// assignee is who a company's task with the rule goes to (nil: nobody): the
// company's responsible person, or the named user while they are an active
// staff member of the company.
func (v companyValues) assignee(company int64, rule graph.AssigneeRule) *int64 {
	switch rule.Type {
	case graph.AssignResponsible:
		if id, ok := v.responsible[company]; ok {
			return &id
		}
	case graph.AssignUser:
		if u, err := uuid.Parse(string(rule.UserID)); err == nil {
			if id, ok := v.staff[companyUser{company, u}]; ok {
				return &id
			}
		}
	}
	return nil
}

// wants is what the rule needs loaded.
func (w *valuesWanted) assignee(rule graph.AssigneeRule) {
	switch rule.Type {
	case graph.AssignResponsible:
		w.responsible = true
	case graph.AssignUser:
		if u, err := uuid.Parse(string(rule.UserID)); err == nil {
			w.users = append(w.users, u)
		}
	}
}

// field adds an anchor-date field a rule names.
func (w *valuesWanted) field(id graph.ID) {
	if n, ok := fieldID(id); ok {
		w.fields = append(w.fields, n)
	}
}
