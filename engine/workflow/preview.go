package workflow

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// PreviewInput asks for the next runs of a workflow for a company (assigned
// or not yet) or just for a country.
type PreviewInput struct {
	WorkflowID uuid.UUID
	CompanyID  *uuid.UUID
	CountryID  *int64
	// Triggers to preview; nil previews the company workflow's saved triggers.
	Triggers []TriggerInput
	Count    int
	After    *time.Time
}

// Preview is the next runs with their tasks' due dates, and the weekend days
// and holidays that moved each date.
type Preview struct {
	Country store.Country
	Runs    []PreviewRun
}

// PreviewRun is one future run.
type PreviewRun struct {
	TriggerType string
	At          time.Time
	// TimeZone is the IANA zone the run starts in (its trigger's, else the
	// country's): Date and At's wall time are in it.
	TimeZone        string
	Date, Nominal   graph.Date
	Moved           []graph.NonBusinessDay
	ReportingPeriod *graph.Period
	Tasks           []PreviewTask
}

// PreviewTask is a task of a run and its due date. Problem is set instead of
// a due date when it cannot be computed (the company has no value for the
// anchor date its rule names).
type PreviewTask struct {
	NodeID, Title    string
	DueDate, Nominal *graph.Date
	Moved            []graph.NonBusinessDay
	Problem          string
}

// MaxPreviewRuns bounds a preview.
const MaxPreviewRuns = 50

// Preview computes the next runs of a workflow: their dates (after holiday
// handling) and the due dates of their tasks. Without timed triggers it shows
// one run started at the given instant (a manual start).
func (s *Service) Preview(ctx context.Context, u store.User, adminPanel bool, in PreviewInput) (Preview, error) {
	var out Preview
	w, err := s.st.WorkflowGetByUUID(ctx, in.WorkflowID)
	if store.IsNotFound(err) {
		return out, apperr.NotFound("workflow")
	} else if err != nil {
		return out, err
	}
	a := assignment{workflow: w}
	if in.CompanyID != nil {
		c, err := s.company(ctx, u, adminPanel, *in.CompanyID, access.ActionRead, access.SubjectCompanyWorkflow)
		if err != nil {
			return out, err
		}
		a.cw = store.CompanyWorkflow{CompanyID: c.Company.ID}
		if cw, err := s.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: c.Company.ID, WorkflowID: w.ID}); err == nil {
			a.cw = cw
		} else if !store.IsNotFound(err) {
			return out, err
		}
		if in.CountryID == nil && a.cw.ID == 0 && len(c.Countries) > 0 {
			in.CountryID = &c.Countries[0].ID
		}
	} else if err := requireAdmin(u); err != nil {
		return out, err
	}
	countryID := a.cw.CountryID
	if in.CountryID != nil {
		countryID = *in.CountryID
	}
	if countryID == 0 {
		wc, err := s.st.WorkflowCountryList(ctx, []int64{w.ID})
		if err != nil {
			return out, err
		}
		if len(wc) == 0 {
			return out, apperr.Invalid("countryId", KeyBlank)
		}
		countryID = wc[0].Country.ID
	}
	structure := json.RawMessage(w.Structure)
	if v, err := s.st.WorkflowVersionLatest(ctx, w.ID); err == nil {
		a.version = v
		structure = v.Structure
	} else if !store.IsNotFound(err) {
		return out, err
	}
	if a.parsed, err = graph.ParseStructure(structure); err != nil {
		return out, structureError(err)
	}
	q := s.st.Queries
	if a.cal, a.country, err = calendar(ctx, q, countryID); store.IsNotFound(err) {
		return out, apperr.Invalid("countryId", KeyCountryNotAvailable)
	} else if err != nil {
		return out, err
	}
	if w.ConsiderHolidays {
		a.holidays = a.cal
	}
	out.Country = a.country
	n := in.Count
	if n <= 0 {
		n = 5
	}
	n = min(n, MaxPreviewRuns)
	after := s.now()
	if in.After != nil {
		after = *in.After
	}

	type trig struct {
		typ  string
		data json.RawMessage
	}
	var saved []store.WorkflowTrigger
	if a.cw.ID != 0 {
		if saved, err = q.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: a.cw.CompanyID, CompanyWorkflowID: a.cw.ID}); err != nil {
			return out, err
		}
	}
	var triggers []trig
	if in.Triggers != nil {
		// patched onto the saved ones as a save would patch them
		for _, t := range in.Triggers {
			_, patched, err := patchedData(saved, t)
			if err != nil {
				return out, err
			}
			t.Data = patched
			data, err := s.checkTrigger(ctx, q, a, t)
			if err != nil {
				return out, err
			}
			triggers = append(triggers, trig{t.TriggerType, data})
		}
	} else {
		for _, t := range saved {
			triggers = append(triggers, trig{t.TriggerType, t.Data})
		}
	}
	anchors := func(id graph.ID) (*graph.AnchorDate, error) { return anchorValue(ctx, q, a.cw.CompanyID, id) }
	var runs []PreviewRun
	for _, t := range triggers {
		rs, err := previewTrigger(a, anchors, t.typ, t.data, after, n)
		if err != nil {
			return out, err
		}
		runs = append(runs, rs...)
	}
	if len(runs) == 0 {
		loc := zone(a.country.Code)
		d := graph.DateOf(after.In(loc))
		runs = []PreviewRun{{TriggerType: TriggerManual, At: after, TimeZone: loc.String(), Date: d, Nominal: d}}
	}
	slices.SortStableFunc(runs, func(x, y PreviewRun) int { return x.At.Compare(y.At) })
	runs = slices.CompactFunc(runs, func(x, y PreviewRun) bool { return x.At.Equal(y.At) })
	if len(runs) > n {
		runs = runs[:n]
	}
	for i := range runs {
		runs[i].Tasks, err = previewTasks(a, anchors, runs[i].Date)
		if err != nil {
			return out, err
		}
	}
	out.Runs = runs
	return out, nil
}

// anchorReader reads the assignment's company's value of an anchor-date field
// (nil when it has none): from the database for a preview, from the values
// loaded for all companies for a forecast.
type anchorReader func(field graph.ID) (*graph.AnchorDate, error)

// previewTrigger is up to n runs of a trigger strictly after the instant after.
func previewTrigger(a assignment, anchors anchorReader, typ string, data json.RawMessage, after time.Time, n int) ([]PreviewRun, error) {
	var out []PreviewRun
	switch typ {
	case TriggerSchedule:
		sch, err := graph.ParseSchedule(data)
		if err != nil {
			return nil, apperr.Invalid("data", KeyInvalidSchedule)
		}
		sch = inCountryZone(sch, a.country.Code)
		occ, err := sch.NextOccurrences(after, n, a.holidays)
		if err != nil {
			return nil, apperr.Invalid("data", KeyInvalidSchedule)
		}
		for _, o := range occ {
			out = append(out, PreviewRun{TriggerType: typ, At: o.At, TimeZone: sch.RecurrencePattern.TimeZone, Date: o.Date,
				Nominal: o.Nominal, Moved: o.Moved, ReportingPeriod: o.ReportingPeriod})
		}
	case TriggerAnchorDate:
		at, err := parseAnchorTrigger(data)
		if err != nil {
			return nil, err
		}
		if a.cw.CompanyID == 0 {
			return nil, nil
		}
		val, err := anchors(at.DynamicFieldID)
		if err != nil || val == nil {
			return nil, err
		}
		loc := zone(a.country.Code)
		if at.TimeZone != "" {
			if l, err := graph.LoadLocation(at.TimeZone); err == nil {
				loc = l
			}
		}
		res, err := val.OccurrencesOffset(graph.DateOf(after.In(loc)).AddDays(-1), n+1, at.OffsetDays, a.holidays)
		if err != nil {
			return nil, nil
		}
		for _, r := range res {
			if t := r.Date.At(at.TimeOfDay, loc); t.After(after) {
				out = append(out, PreviewRun{TriggerType: typ, At: t, TimeZone: loc.String(), Date: r.Date, Nominal: r.Nominal, Moved: r.Moved})
			}
		}
	}
	return out, nil
}

// previewTasks is the tasks of a run started on runDate, with their due dates.
func previewTasks(a assignment, anchors anchorReader, runDate graph.Date) ([]PreviewTask, error) {
	out := []PreviewTask{}
	for _, n := range a.parsed.TaskNodes() {
		t := PreviewTask{NodeID: n.ID, Title: taskTitle(n)}
		if rule := n.Task.DueDate; rule != nil {
			var field *graph.AnchorDate
			if rule.DynamicFieldID != "" && a.cw.CompanyID != 0 {
				var err error
				if field, err = anchors(rule.DynamicFieldID); err != nil {
					return nil, err
				}
			}
			res, ok, err := rule.Resolve(runDate, field, a.holidays)
			switch {
			case err != nil:
				t.Problem = "missing_anchor_date_value"
			case ok:
				t.DueDate, t.Nominal, t.Moved = &res.Date, &res.Nominal, res.Moved
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// GroupedDynamicFields lists the dynamic fields workflows may name, by type
// and category (for the editor's anchor-date pickers).
func (s *Service) GroupedDynamicFields(ctx context.Context, u store.User, fieldTypes []string, categoryIDs []int64) ([]store.DynamicField, error) {
	if err := requireAdmin(u); err != nil {
		return nil, err
	}
	return s.st.WorkflowDynamicFieldList(ctx, store.WorkflowDynamicFieldListParams{FieldTypes: nilIfEmpty(fieldTypes),
		CategoryIds: nilIfEmpty(categoryIDs)})
}
