package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// CompanyWorkflow is a workflow assigned to a company for one country, with
// its triggers.
type CompanyWorkflow struct {
	store.CompanyWorkflow
	Company  store.Company
	Country  store.Country
	Workflow Workflow
	Triggers []store.WorkflowTrigger
}

// CompanyWorkflowFilter is the company workflows list's filter.
type CompanyWorkflowFilter struct {
	CompanyIDs                          []uuid.UUID
	CategoryIDs, CountryIDs, CreatorIDs []int64
	Search                              *string
	Tags                                []string
	Page, Limit                         int
}

// TriggerInput is one trigger of manageCompanyWorkflowTriggers: an existing
// one (UUID set) to keep and update, or a new one.
type TriggerInput struct {
	UUID        *uuid.UUID
	TriggerType string
	Data        json.RawMessage
}

// AnchorTrigger is the data of an anchor_date trigger: the company's
// anchor-date dynamic field, the days runs start after each anchor day
// (before it when negative; the anchor's holiday handling applies to the
// moved day), and the time of day runs start (in the country's zone unless
// TimeZone names another).
type AnchorTrigger struct {
	DynamicFieldID graph.ID        `json:"dynamicFieldId"`
	OffsetDays     int             `json:"offsetDays,omitempty"`
	TimeOfDay      graph.TimeOfDay `json:"timeOfDay"`
	TimeZone       string          `json:"timeZone,omitempty"`
}

// parseAnchorTrigger reads an anchor-date trigger's data, its offsetDays
// checked (the rest is checked where it is used).
func parseAnchorTrigger(data json.RawMessage) (AnchorTrigger, error) {
	var at AnchorTrigger
	if err := checkOffsetDays(data); err != nil {
		return at, err
	}
	if err := json.Unmarshal(data, &at); err != nil {
		return at, apperr.Invalid("data", KeyInvalidAnchorField)
	}
	return at, nil
}

// checkOffsetDays refuses offsetDays that is not an integer in
// -MaxOffsetDays..MaxOffsetDays (ARGUMENT_ERROR on data.offsetDays); absent or
// null is 0.
func checkOffsetDays(data json.RawMessage) error {
	var probe struct {
		OffsetDays json.RawMessage `json:"offsetDays"`
	}
	bad := &apperr.Error{Code: apperr.ArgumentError, Message: KeyInvalidOffsetDays, Field: "data.offsetDays"}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil // the whole data is refused later
	}
	raw := string(bytes.TrimSpace(probe.OffsetDays))
	if raw == "" || raw == "null" {
		return nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < -graph.MaxOffsetDays || n > graph.MaxOffsetDays {
		return bad
	}
	return nil
}

// Assign assigns a published workflow to a company for one of the countries
// the two have in common.
func (s *Service) Assign(ctx context.Context, req org.Request, workflowID, companyID uuid.UUID, countryID int64) (CompanyWorkflow, error) {
	c, err := s.company(ctx, req.User, req.AdminPanel, companyID, access.ActionCreate, access.SubjectCompanyWorkflow)
	if err != nil {
		return CompanyWorkflow{}, err
	}
	w, err := s.st.WorkflowGetByUUID(ctx, workflowID)
	if store.IsNotFound(err) {
		return CompanyWorkflow{}, apperr.NotFound("workflow")
	} else if err != nil {
		return CompanyWorkflow{}, err
	}
	if w.Draft {
		return CompanyWorkflow{}, apperr.Argument(KeyNotPublished)
	}
	wc, err := s.st.WorkflowCountryList(ctx, []int64{w.ID})
	if err != nil {
		return CompanyWorkflow{}, err
	}
	inWorkflow := slices.ContainsFunc(wc, func(r store.WorkflowCountryListRow) bool { return r.Country.ID == countryID })
	inCompany := slices.ContainsFunc(c.Countries, func(co store.Country) bool { return co.ID == countryID })
	if !inWorkflow || !inCompany {
		return CompanyWorkflow{}, apperr.Invalid("countryId", KeyCountryNotAvailable)
	}
	var cw store.CompanyWorkflow
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		cw, err = q.CompanyWorkflowCreate(ctx, store.CompanyWorkflowCreateParams{CompanyID: c.Company.ID,
			WorkflowID: w.ID, CountryID: countryID, CreatedBy: &req.User.ID})
		if store.IsNotFound(err) || isUnique(err) {
			return apperr.Argument(KeyAlreadyAssigned)
		} else if err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, "workflow_assigned", map[string]any{"workflowId": w.UUID,
			"companyWorkflowId": cw.UUID})
	})
	if err != nil {
		return CompanyWorkflow{}, err
	}
	return s.companyWorkflow(ctx, cw)
}

// Unassign removes a workflow from a company. Its runs stay (their tasks are
// in the inbox); a company workflow with a run still open cannot be removed.
// countryID, when given, must be the assignment's country.
func (s *Service) Unassign(ctx context.Context, req org.Request, workflowID, companyID uuid.UUID, countryID *int64) error {
	c, err := s.company(ctx, req.User, req.AdminPanel, companyID, access.ActionDestroy, access.SubjectCompanyWorkflow)
	if err != nil {
		return err
	}
	w, err := s.st.WorkflowGetByUUID(ctx, workflowID)
	if store.IsNotFound(err) {
		return apperr.NotFound("workflow")
	} else if err != nil {
		return err
	}
	var cw store.CompanyWorkflow
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		cw, err = q.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: c.Company.ID, WorkflowID: w.ID})
		if store.IsNotFound(err) {
			return apperr.NotFound("company_workflow")
		} else if err != nil {
			return err
		}
		if _, err := q.CompanyWorkflowLock(ctx, store.CompanyWorkflowLockParams{CompanyID: cw.CompanyID, ID: cw.ID}); err != nil {
			return err
		}
		if countryID != nil && *countryID != cw.CountryID {
			return apperr.Argument(KeyCannotUnassign)
		}
		open, err := q.WorkflowInstanceOpenCount(ctx, store.WorkflowInstanceOpenCountParams{CompanyID: cw.CompanyID,
			CompanyWorkflowID: cw.ID})
		if err != nil {
			return err
		}
		if open > 0 {
			return apperr.Argument(KeyCannotUnassign)
		}
		if err := q.CompanyWorkflowUnassign(ctx, store.CompanyWorkflowUnassignParams{CompanyID: cw.CompanyID, ID: cw.ID}); err != nil {
			return err
		}
		return logEvent(ctx, q, req, &c.Company.ID, "workflow_unassigned", map[string]any{"workflowId": w.UUID,
			"companyWorkflowId": cw.UUID})
	})
	if err != nil {
		return err
	}
	s.triggersChanged(ctx, cw.UUID)
	return nil
}

// triggersChanged tells the trigger process to re-read its triggers. It is
// best effort: the process also re-reads them every few hours and whenever the
// scheduler starts, so a Temporal outage delays a change, it never loses it.
func (s *Service) triggersChanged(ctx context.Context, cw uuid.UUID) {
	if s.runner != nil {
		_ = s.runner.TriggersChanged(ctx, cw)
	}
}

// CompanyWorkflow returns one company workflow with its triggers.
func (s *Service) CompanyWorkflow(ctx context.Context, u store.User, adminPanel bool, companyID *uuid.UUID, id uuid.UUID) (CompanyWorkflow, error) {
	cw, err := s.st.CompanyWorkflowGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return CompanyWorkflow{}, apperr.NotFound("company_workflow")
	} else if err != nil {
		return CompanyWorkflow{}, err
	}
	co, err := s.st.CompanyGet(ctx, cw.CompanyID)
	if err != nil {
		return CompanyWorkflow{}, err
	}
	if companyID != nil && *companyID != co.UUID {
		return CompanyWorkflow{}, apperr.NotFound("company_workflow")
	}
	if _, err := s.company(ctx, u, adminPanel, co.UUID, access.ActionRead, access.SubjectCompanyWorkflow); err != nil {
		if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
			return CompanyWorkflow{}, apperr.NotFound("company_workflow")
		}
		return CompanyWorkflow{}, err
	}
	return s.companyWorkflow(ctx, cw)
}

// CompanyWorkflows lists one page of company workflows over the companies the
// viewer may read them in (or the ones asked for).
func (s *Service) CompanyWorkflows(ctx context.Context, u store.User, adminPanel bool, f CompanyWorkflowFilter) ([]CompanyWorkflow, int, error) {
	companies, err := s.companiesWith(ctx, u, adminPanel, access.ActionRead, access.SubjectCompanyWorkflow)
	if err != nil {
		return nil, 0, err
	}
	ids := []int64{}
	for _, c := range companies {
		if len(f.CompanyIDs) == 0 || slices.Contains(f.CompanyIDs, c.Company.UUID) {
			ids = append(ids, c.Company.ID)
		}
	}
	limit, off := paging(f.Page, f.Limit, 10)
	p := store.CompanyWorkflowListParams{CompanyIds: ids, CategoryIds: nilIfEmpty(f.CategoryIDs),
		CountryIds: nilIfEmpty(f.CountryIDs), CreatorIds: nilIfEmpty(f.CreatorIDs), Tags: nilIfEmpty(cleanTags(f.Tags)),
		Search: trimmed(f.Search), Lim: limit, Off: off}
	rows, err := s.st.CompanyWorkflowList(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.st.CompanyWorkflowCount(ctx, store.CompanyWorkflowCountParams{CompanyIds: ids,
		CategoryIds: p.CategoryIds, CountryIds: p.CountryIds, CreatorIds: p.CreatorIds, Tags: p.Tags, Search: p.Search})
	if err != nil {
		return nil, 0, err
	}
	list := make([]store.CompanyWorkflow, len(rows))
	for i, r := range rows {
		list[i] = store.CompanyWorkflow{CompanyID: r.CompanyID, ID: r.ID, UUID: r.UUID, WorkflowID: r.WorkflowID,
			CountryID: r.CountryID, Parameters: r.Parameters, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt,
			UnassignedAt: r.UnassignedAt}
	}
	out, err := s.companyWorkflows(ctx, list)
	return out, int(total), err
}

func (s *Service) companyWorkflow(ctx context.Context, cw store.CompanyWorkflow) (CompanyWorkflow, error) {
	list, err := s.companyWorkflows(ctx, []store.CompanyWorkflow{cw})
	if err != nil {
		return CompanyWorkflow{}, err
	}
	return list[0], nil
}

// companyWorkflows adds companies, countries, workflows and triggers to
// assignments: a fixed number of queries plus one per distinct company and
// country.
func (s *Service) companyWorkflows(ctx context.Context, rows []store.CompanyWorkflow) ([]CompanyWorkflow, error) {
	var companyIDs, ids, workflowIDs []int64
	for _, cw := range rows {
		companyIDs = append(companyIDs, cw.CompanyID)
		ids = append(ids, cw.ID)
		workflowIDs = append(workflowIDs, cw.WorkflowID)
	}
	triggers, err := s.st.WorkflowTriggerListFor(ctx, store.WorkflowTriggerListForParams{CompanyIds: companyIDs, CompanyWorkflowIds: ids})
	if err != nil {
		return nil, err
	}
	workflows, err := s.workflowsByID(ctx, workflowIDs)
	if err != nil {
		return nil, err
	}
	companies, countries := memo[store.Company]{get: s.st.CompanyGet}, memo[store.Country]{get: s.st.CountryGet}
	out := make([]CompanyWorkflow, 0, len(rows))
	for _, cw := range rows {
		o := CompanyWorkflow{CompanyWorkflow: cw, Triggers: []store.WorkflowTrigger{}}
		if o.Company, err = companies.of(ctx, cw.CompanyID); err != nil {
			return nil, err
		}
		if o.Country, err = countries.of(ctx, cw.CountryID); err != nil {
			return nil, err
		}
		o.Workflow = workflows[cw.WorkflowID]
		for _, t := range triggers {
			if t.CompanyID == cw.CompanyID && t.CompanyWorkflowID == cw.ID {
				o.Triggers = append(o.Triggers, t)
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// CompanyAssignments lists a company's live assignments, for the company's
// workflowAssigned and companyWorkflowCountryIds fields (the caller has
// already checked the viewer may see the company).
func (s *Service) CompanyAssignments(ctx context.Context, companyID int64) ([]store.CompanyWorkflow, error) {
	return s.st.CompanyWorkflowListForCompany(ctx, companyID)
}

// AssignedCompanyIDs lists the companies a workflow is assigned to, for the
// companies query's includeWorkflowId and withWorkflowAssigned filters.
func (s *Service) AssignedCompanyIDs(ctx context.Context, workflowID uuid.UUID) ([]int64, error) {
	w, err := s.st.WorkflowGetByUUID(ctx, workflowID)
	if store.IsNotFound(err) {
		return nil, apperr.NotFound("workflow")
	} else if err != nil {
		return nil, err
	}
	return s.st.CompanyWorkflowCompanyIDs(ctx, w.ID)
}

// companyWorkflowFor returns a company workflow whose company the viewer may
// update subject in; one in a company they may not see is RECORD_NOT_FOUND
// company_workflow.
func (s *Service) companyWorkflowFor(ctx context.Context, req org.Request, id uuid.UUID, subject string) (store.CompanyWorkflow, error) {
	cw, err := s.st.CompanyWorkflowGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return cw, apperr.NotFound("company_workflow")
	} else if err != nil {
		return cw, err
	}
	co, err := s.st.CompanyGet(ctx, cw.CompanyID)
	if err != nil {
		return cw, err
	}
	if _, err := s.company(ctx, req.User, req.AdminPanel, co.UUID, access.ActionUpdate, subject); err != nil {
		if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
			return cw, apperr.NotFound("company_workflow")
		}
		return cw, err
	}
	return cw, nil
}

// ManageTriggers replaces a company workflow's triggers: inputs with a uuid
// update that trigger (their data patching its data, mergeTriggerData),
// inputs without one add a trigger, and triggers not named are removed.
// Every trigger is checked before anything is written.
func (s *Service) ManageTriggers(ctx context.Context, req org.Request, id uuid.UUID, inputs []TriggerInput) (CompanyWorkflow, error) {
	cw, err := s.companyWorkflowFor(ctx, req, id, access.SubjectCompanyWorkflow)
	if err != nil {
		return CompanyWorkflow{}, err
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.CompanyWorkflowLock(ctx, store.CompanyWorkflowLockParams{CompanyID: cw.CompanyID, ID: cw.ID}); err != nil {
			return err
		}
		rc, err := s.loadAssignment(ctx, q, cw)
		if err != nil {
			return err
		}
		existing, err := q.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: cw.CompanyID, CompanyWorkflowID: cw.ID})
		if err != nil {
			return err
		}
		now := s.now()
		type write struct {
			in   TriggerInput
			data json.RawMessage
			next *time.Time
			id   int64
		}
		var writes []write
		kept := map[int64]bool{}
		for i, in := range inputs {
			prev, patched, err := patchedData(existing, in)
			if in.UUID != nil && prev == nil {
				return apperr.NotFound("workflow_trigger")
			}
			in.Data = patched
			var data json.RawMessage
			if err == nil {
				data, err = s.checkTrigger(ctx, q, rc, in)
			}
			if err != nil {
				if e, ok := apperr.As(err); ok && e.Field == "" {
					e.Field = "workflowTriggers." + strconv.Itoa(i)
				}
				return err
			}
			wr := write{in: in, data: data}
			if prev != nil {
				wr.id = prev.ID
				kept[wr.id] = true
			}
			if at, ok, err := s.nextOfTrigger(ctx, q, rc, in.TriggerType, data, now); err == nil && ok {
				wr.next = &at
			}
			writes = append(writes, wr)
		}
		for _, t := range existing {
			if !kept[t.ID] {
				if err := q.WorkflowTriggerDelete(ctx, store.WorkflowTriggerDeleteParams{CompanyID: t.CompanyID, ID: t.ID}); err != nil {
					return err
				}
			}
		}
		for _, wr := range writes {
			if wr.id != 0 {
				_, err = q.WorkflowTriggerUpdate(ctx, store.WorkflowTriggerUpdateParams{CompanyID: cw.CompanyID, ID: wr.id,
					TriggerType: wr.in.TriggerType, Data: wr.data, NextRunAt: wr.next})
			} else {
				_, err = q.WorkflowTriggerCreate(ctx, store.WorkflowTriggerCreateParams{CompanyID: cw.CompanyID,
					CompanyWorkflowID: cw.ID, TriggerType: wr.in.TriggerType, Data: wr.data, NextRunAt: wr.next})
			}
			if err != nil {
				return err
			}
		}
		return logEvent(ctx, q, req, &cw.CompanyID, "workflow_triggers_updated", map[string]any{"companyWorkflowId": cw.UUID})
	})
	if err != nil {
		return CompanyWorkflow{}, err
	}
	s.triggersChanged(ctx, cw.UUID)
	return s.companyWorkflow(ctx, cw)
}

// assignment is what computing a company workflow's dates needs.
type assignment struct {
	cw       store.CompanyWorkflow
	workflow store.Workflow
	version  store.WorkflowVersion
	parsed   graph.Structure
	country  store.Country
	// cal is the country's calendar; holidays is nil when the workflow does
	// not consider holidays (runs stay on the pattern's days).
	cal, holidays *graph.Calendar
}

func (s *Service) loadAssignment(ctx context.Context, q *store.Queries, cw store.CompanyWorkflow) (assignment, error) {
	a := assignment{cw: cw}
	var err error
	if a.workflow, err = q.WorkflowGet(ctx, cw.WorkflowID); err != nil {
		return a, err
	}
	if a.version, err = q.WorkflowVersionLatest(ctx, cw.WorkflowID); err != nil {
		return a, err
	}
	if a.parsed, err = graph.ParseStructure(a.version.Structure); err != nil {
		return a, err
	}
	if a.cal, a.country, err = calendar(ctx, q, cw.CountryID); err != nil {
		return a, err
	}
	if a.workflow.ConsiderHolidays {
		a.holidays = a.cal
	}
	return a, nil
}

// checkTrigger validates one trigger and returns its data in canonical form.
func (s *Service) checkTrigger(ctx context.Context, q *store.Queries, a assignment, in TriggerInput) (json.RawMessage, error) {
	data := in.Data
	if len(bytes.TrimSpace(data)) == 0 || bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		data = json.RawMessage("{}")
	}
	switch in.TriggerType {
	case TriggerManual:
		return json.RawMessage("{}"), nil
	case TriggerSchedule:
		if a.parsed.HasParameters() {
			return nil, apperr.Invalid("triggerType", KeyScheduleWithParameters)
		}
		sch, err := graph.ParseSchedule(data)
		if err == nil {
			err = sch.Validate(a.country.Code)
		}
		if err == nil {
			sch = inCountryZone(sch, a.country.Code)
		}
		if err != nil {
			e := apperr.Invalid("data", KeyInvalidSchedule)
			var fe *graph.FieldErrors
			if errors.As(err, &fe) {
				e.Details = map[string]any{"errors": fe.Errors}
			}
			return nil, e
		}
		return json.Marshal(sch)
	case TriggerAnchorDate:
		at, err := parseAnchorTrigger(data)
		if err != nil {
			return nil, err
		}
		if at.TimeZone != "" {
			if _, err := graph.LoadLocation(at.TimeZone); err != nil {
				return nil, apperr.Invalid("data.timeZone", KeyInvalidTrigger)
			}
		}
		if _, err := s.anchorField(ctx, q, a.workflow, at.DynamicFieldID); err != nil {
			return nil, err
		}
		return json.Marshal(at)
	}
	return nil, apperr.Invalid("triggerType", KeyInvalidTrigger)
}

// anchorField returns the anchor-date dynamic field a trigger, due date or
// wait names; it must be of the workflow's category.
func (s *Service) anchorField(ctx context.Context, q *store.Queries, w store.Workflow, id graph.ID) (store.DynamicField, error) {
	n, err := strconv.ParseInt(string(id), 10, 64)
	if err != nil {
		return store.DynamicField{}, apperr.Invalid("data.dynamicFieldId", KeyInvalidAnchorField)
	}
	f, err := q.DynamicFieldByID(ctx, n)
	if store.IsNotFound(err) || (err == nil && f.FieldType != "anchor_date") {
		return f, apperr.Invalid("data.dynamicFieldId", KeyInvalidAnchorField)
	} else if err != nil {
		return f, err
	}
	if f.CategoryID == nil || *f.CategoryID != w.CategoryID {
		return f, apperr.Invalid("data.dynamicFieldId", KeyAnchorCategoryMismatch)
	}
	return f, nil
}

// anchorValue reads a company's value of an anchor-date field (nil when it has none).
func anchorValue(ctx context.Context, q *store.Queries, companyID int64, id graph.ID) (*graph.AnchorDate, error) {
	var want valuesWanted
	if want.field(id); len(want.fields) == 0 {
		return nil, nil
	}
	v, err := loadCompanyValues(ctx, q, []int64{companyID}, want)
	if err != nil {
		return nil, err
	}
	return v.anchor(companyID, id), nil
}

// nextOfTrigger is a trigger's first run strictly after the instant after.
func (s *Service) nextOfTrigger(ctx context.Context, q *store.Queries, a assignment, typ string, data json.RawMessage, after time.Time) (time.Time, bool, error) {
	switch typ {
	case TriggerSchedule:
		sch, err := graph.ParseSchedule(data)
		if err != nil {
			return time.Time{}, false, err
		}
		o, ok, err := inCountryZone(sch, a.country.Code).Next(after, a.holidays)
		return o.At, ok, err
	case TriggerAnchorDate:
		var at AnchorTrigger
		if err := json.Unmarshal(data, &at); err != nil {
			return time.Time{}, false, err
		}
		val, err := anchorValue(ctx, q, a.cw.CompanyID, at.DynamicFieldID)
		if err != nil || val == nil {
			return time.Time{}, false, err
		}
		loc := zone(a.country.Code)
		if at.TimeZone != "" {
			if l, err := graph.LoadLocation(at.TimeZone); err == nil {
				loc = l
			}
		}
		cal := a.holidays // nil: weekends only
		// the anchor date of today still counts when its time has not come
		day := graph.DateOf(after.In(loc)).AddDays(-1)
		for range 3 {
			rs, err := val.OccurrencesOffset(day, 1, at.OffsetDays, cal)
			if err != nil {
				return time.Time{}, false, err
			}
			r := rs[0]
			if t := r.Date.At(at.TimeOfDay, loc); t.After(after) {
				return t, true, nil
			}
			day = r.Date
		}
		return time.Time{}, false, nil
	}
	return time.Time{}, false, nil
}

// inCountryZone gives a schedule without a time zone the zone of the
// company workflow's country: its clock times are the country's, whether or
// not the workflow considers holidays (without holidays no calendar is passed
// to the schedule, which would otherwise read them as UTC).
func inCountryZone(sch graph.Schedule, country string) graph.Schedule {
	if sch.RecurrencePattern.TimeZone == "" {
		sch.RecurrencePattern.TimeZone = graph.DefaultTimeZone(country)
	}
	return sch
}

// memo reads rows by id once per listing: the companies and countries of a
// page of company workflows or runs, which repeat from row to row.
type memo[V any] struct {
	get  func(context.Context, int64) (V, error)
	seen map[int64]V
}

func (m *memo[V]) of(ctx context.Context, id int64) (V, error) {
	if v, ok := m.seen[id]; ok {
		return v, nil
	}
	v, err := m.get(ctx, id)
	if err != nil {
		return v, err
	}
	if m.seen == nil {
		m.seen = map[int64]V{}
	}
	m.seen[id] = v
	return v, nil
}
