package graph

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/workflow"
	wfgraph "portico/engine/workflow/graph"
)

// workflowService is the workflow engine, or an error when it is not wired.
func (r *Resolver) workflowService() (*workflow.Service, error) {
	if r.svc.Workflows == nil {
		return nil, errors.New("graph: workflow engine not configured")
	}
	return r.svc.Workflows, nil
}

// workflowErrors maps a mutation's error; a structure that fails its checks
// gives, after the main entry, one entry per problem, tied to the node
// (field structure.nodes.<id>) or edge, with the problem's code as message.
func wfErrors(cause error) ([]*model.MutationError, error) {
	errs, err := mutationErrors(cause)
	if err != nil || len(errs) == 0 {
		return errs, err
	}
	e, _ := apperr.As(cause)
	se, ok := e.Details["structure"].(workflow.StructureErrors)
	if !ok {
		return errs, nil
	}
	add := func(field, code string) {
		f := field
		errs = append(errs, &model.MutationError{Code: string(apperr.ValidationError), Message: code, Field: &f})
	}
	for _, s := range se.Schema {
		add("structure."+s.Path, s.Code)
	}
	for _, v := range se.Graph {
		switch {
		case v.NodeID != "":
			add("structure.nodes."+v.NodeID, v.Code)
		case v.EdgeID != "":
			add("structure.edges."+v.EdgeID, v.Code)
		default:
			add("structure", v.Code)
		}
	}
	return errs, nil
}

func wfIDs(in []string) ([]int64, error) {
	out := make([]int64, 0, len(in))
	for _, s := range in {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, apperr.Argument("invalid_id")
		}
		out = append(out, n)
	}
	return out, nil
}

func wfID(s *string, field string) (*int64, error) {
	if s == nil {
		return nil, nil
	}
	n, err := strconv.ParseInt(*s, 10, 64)
	if err != nil {
		return nil, apperr.Invalid(field, "invalid_id")
	}
	return &n, nil
}

func wfUUID(s *string, entity string) (*uuid.UUID, error) {
	if s == nil {
		return nil, nil
	}
	id, err := parseUUID(*s, entity)
	return &id, err
}

// anyJSON encodes a JSON scalar's value (nil stays nil).
func wfJSON(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, apperr.Argument("invalid_json")
	}
	return b, nil
}

func wfIDString(id int64) string { return strconv.FormatInt(id, 10) }

// companyRef maps a company that the viewer may see, without the per-viewer
// parts (abilities, categories); the company query gives those.
func wfCompany(c org.Company) *model.Company {
	return &model.Company{UUID: c.UUID.String(), Name: c.Name, BusinessID: c.BusinessID,
		PorticoCustomerID: c.PorticoCustomerID, CommunicationLanguage: c.CommunicationLanguage,
		AccountingSystem: c.AccountingSystem, PayrollSystem: c.PayrollSystem, Active: c.Active,
		TermsAccepted: c.TermsAcceptedAt != nil, SsoEnabled: c.SsoEnabled, SsoMethod: c.SsoMethod,
		GoogleLoginEnabled: c.GoogleLoginEnabled, MicrosoftLoginEnabled: c.MicrosoftLoginEnabled,
		ActiveCompanyDomains: []string{}, Categories: []*model.Category{}, Countries: []*model.Country{},
		CountryIds: []string{}, Rules: []*model.Rule{}}
}

func wfWorkflow(w workflow.Workflow) *model.Workflow {
	m := &model.Workflow{UUID: w.UUID.String(), Name: w.Name, Label: w.Label, Description: w.Description, Draft: w.Draft,
		Category: Category(w.Category), CategoryID: CategoryID(w.CategoryID), ConsiderHolidays: w.ConsiderHolidays,
		Countries: []*model.Country{}, CountryIds: []string{}, Tags: append([]string{}, w.Tags...),
		OptionalSteps: w.OptionalSteps, Structure: rawJSON(w.Structure), CanEditGeneralInfo: w.CanEditGeneralInfo(),
		CreatedAt: w.CreatedAt, UpdatedAt: w.UpdatedAt}
	for _, c := range w.Countries {
		m.Countries = append(m.Countries, Country(c))
		m.CountryIds = append(m.CountryIds, wfIDString(c.ID))
	}
	if w.Creator != nil {
		m.Creator = User(*w.Creator, false)
	}
	if w.Version != nil {
		v := int(w.Version.Version)
		m.Version = &v
		if !w.Draft {
			m.Structure = rawJSON(w.Version.Structure)
		}
	}
	return m
}

func wfCompanyWorkflow(cw workflow.CompanyWorkflow) *model.CompanyWorkflow {
	m := &model.CompanyWorkflow{UUID: cw.UUID.String(), Company: wfCompany(cw.Company), Country: Country(cw.Country),
		Workflow: wfWorkflow(cw.Workflow), WorkflowTriggers: []*model.WorkflowTrigger{}, CreatedAt: cw.CreatedAt}
	for _, t := range cw.Triggers {
		m.WorkflowTriggers = append(m.WorkflowTriggers, &model.WorkflowTrigger{UUID: t.UUID.String(),
			TriggerType: t.TriggerType, Data: rawJSON(t.Data), NextRunAt: t.NextRunAt, NextRunError: t.NextRunError})
	}
	return m
}

func wfInstance(svc *workflow.Service, in workflow.Instance, steps []workflow.Step) *model.WorkflowInstance {
	m := &model.WorkflowInstance{UUID: in.UUID.String(), State: in.State, CreatedAt: in.CreatedAt, StartedAt: in.StartedAt,
		EndedAt: in.EndedAt, Structure: rawJSON(in.Version.Structure), Version: int(in.Version.Version),
		CompletedStepsCount: int(in.CompletedStepsCount), TotalStepsCount: int(in.TotalStepsCount),
		Category: Category(in.Category), Workflow: wfWorkflow(in.Workflow), Company: wfCompany(in.Company),
		CompanyWorkflowID: in.CompanyWorkflow.UUID.String(), Parameters: rawJSON(in.Parameters),
		FailureReason: in.FailureReason, FailedNodeID: in.FailedNodeID, Steps: []*model.WorkflowInstanceStep{},
		TemporalWorkflowID: in.TemporalWorkflowID, TemporalURL: svc.TemporalURL(in.TemporalWorkflowID)}
	if in.CancelledBy != nil {
		m.CancelledBy = User(*in.CancelledBy, false)
	}
	for _, s := range steps {
		st := &model.WorkflowInstanceStep{NodeID: s.NodeID, State: s.State, Outcome: s.Outcome, Error: s.Error,
			StartedAt: s.StartedAt, EndedAt: s.EndedAt}
		if s.Thread != nil {
			id := s.Thread.String()
			st.TaskID = &id
		}
		m.Steps = append(m.Steps, st)
	}
	return m
}

func wfTriggerInputs(in []*model.WorkflowTriggerInput) ([]workflow.TriggerInput, error) {
	out := make([]workflow.TriggerInput, 0, len(in))
	for _, t := range in {
		ti := workflow.TriggerInput{TriggerType: t.TriggerType}
		var err error
		if ti.UUID, err = wfUUID(t.UUID, "workflow_trigger"); err != nil {
			return nil, err
		}
		if ti.Data, err = wfJSON(t.Data); err != nil {
			return nil, err
		}
		out = append(out, ti)
	}
	return out, nil
}

func wfDate(d wfgraph.Date) string { return d.String() }

func wfOptDate(d *wfgraph.Date) *string {
	if d == nil || d.IsZero() {
		return nil
	}
	s := d.String()
	return &s
}

func wfMoved(days []wfgraph.NonBusinessDay) []*model.WorkflowMovedDay {
	out := []*model.WorkflowMovedDay{}
	for _, d := range days {
		m := &model.WorkflowMovedDay{Date: d.Date.String(), Weekend: d.Weekend, Holidays: []*model.WorkflowHoliday{}}
		for _, h := range d.Holidays {
			wh := &model.WorkflowHoliday{Date: h.Date.String(), Name: h.Name}
			if h.LocalName != "" {
				ln := h.LocalName
				wh.LocalName = &ln
			}
			m.Holidays = append(m.Holidays, wh)
		}
		out = append(out, m)
	}
	return out
}

func wfPreview(p workflow.Preview) *model.WorkflowPreview {
	m := &model.WorkflowPreview{Country: Country(p.Country), Runs: []*model.WorkflowPreviewRun{}}
	for _, r := range p.Runs {
		run := &model.WorkflowPreviewRun{TriggerType: r.TriggerType, At: r.At.UTC().Truncate(time.Second),
			TimeZone: r.TimeZone, Date: wfDate(r.Date), NominalDate: wfDate(r.Nominal), MovedOver: wfMoved(r.Moved),
			Tasks: []*model.WorkflowPreviewTask{}}
		if rp := r.ReportingPeriod; rp != nil {
			run.ReportingPeriod = &model.WorkflowReportingPeriod{Unit: string(rp.Unit), Start: rp.Start.String(),
				End: rp.End.String(), Label: rp.Label}
		}
		for _, t := range r.Tasks {
			pt := &model.WorkflowPreviewTask{NodeID: t.NodeID, Title: t.Title, DueDate: wfOptDate(t.DueDate),
				NominalDate: wfOptDate(t.Nominal), MovedOver: wfMoved(t.Moved)}
			if t.Problem != "" {
				p := t.Problem
				pt.Problem = &p
			}
			run.Tasks = append(run.Tasks, pt)
		}
		m.Runs = append(m.Runs, run)
	}
	return m
}

// workflowInput decodes the arguments of createWorkflow and updateWorkflow.
func wfInput(name, label, description, category *string, countries, tags []string, optionalSteps, considerHolidays *bool, structure any, draft *bool) (workflow.WorkflowInput, error) {
	in := workflow.WorkflowInput{Name: name, Label: label, Description: description, OptionalSteps: optionalSteps,
		ConsiderHolidays: considerHolidays, Draft: draft}
	var err error
	if in.CategoryID, err = wfID(category, "category"); err != nil {
		return in, err
	}
	if countries != nil {
		c, err := wfIDs(countries)
		if err != nil {
			return in, apperr.Invalid("countries", "invalid_country")
		}
		in.CountryIDs = &c
	}
	if tags != nil {
		in.Tags = &tags
	}
	if in.Structure, err = wfJSON(structure); err != nil {
		return in, apperr.Invalid("structure", workflow.KeyInvalidStructure)
	}
	return in, nil
}

// wfFilterIDs decodes the category, country and creator ids of the workflow
// lists' filters (creators by public id: an unknown one is RECORD_NOT_FOUND).
func (r *Resolver) wfFilterIDs(ctx context.Context, categoryIDs, countryIDs, creatorIDs []string) (categories, countries, creators []int64, err error) {
	if categories, err = wfIDs(categoryIDs); err != nil {
		return
	}
	if countries, err = wfIDs(countryIDs); err != nil {
		return
	}
	users, err := uuids(creatorIDs, "user")
	if err != nil {
		return
	}
	creators, err = r.svc.Directory.UserIDs(ctx, users)
	return
}

// wfInstanceDetail maps an engine call's instance with its steps.
func wfInstanceDetail(svc *workflow.Service) func(workflow.InstanceDetail, error) (*model.WorkflowInstance, error) {
	return func(d workflow.InstanceDetail, err error) (*model.WorkflowInstance, error) {
		if err != nil {
			return nil, err
		}
		return wfInstance(svc, d.Instance, d.Steps), nil
	}
}

// changeInstance runs cancelWorkflowInstance or retryWorkflowInstance.
func (r *Resolver) changeInstance(ctx context.Context, instanceID string,
	change func(*workflow.Service, context.Context, org.Request, uuid.UUID) (workflow.InstanceDetail, error)) (*model.WorkflowInstancePayload, error) {
	return mutate(ctx, r.workflowService, func(svc *workflow.Service, req org.Request) (*model.WorkflowInstance, error) {
		id, err := parseUUID(instanceID, "workflow_instance")
		if err != nil {
			return nil, err
		}
		return wfInstanceDetail(svc)(change(svc, ctx, req, id))
	}, instancePayload)
}

func instancePayload(m *model.WorkflowInstance, errs []*model.MutationError) *model.WorkflowInstancePayload {
	return &model.WorkflowInstancePayload{WorkflowInstance: m, Errors: errs}
}

func workflowPayload(w workflow.Workflow, errs []*model.MutationError) *model.WorkflowPayload {
	if len(errs) > 0 {
		return &model.WorkflowPayload{Errors: errs}
	}
	return &model.WorkflowPayload{Workflow: wfWorkflow(w), Errors: errs}
}

func companyWorkflowPayload(cw workflow.CompanyWorkflow, errs []*model.MutationError) *model.CompanyWorkflowPayload {
	if len(errs) > 0 {
		return &model.CompanyWorkflowPayload{Errors: errs}
	}
	return &model.CompanyWorkflowPayload{CompanyWorkflow: wfCompanyWorkflow(cw), Errors: errs}
}

func wfApplication(a workflow.ExternalApplication) *model.ExternalApplication {
	m := &model.ExternalApplication{ID: a.ID, Name: a.Name, Actions: []*model.ExternalAction{}}
	for _, act := range a.Actions {
		m.Actions = append(m.Actions, &model.ExternalAction{Key: act.Key, Label: act.Label})
	}
	return m
}

// wfDynamicFields maps groupedDynamicFields.
func wfDynamicFields(list []org.DynamicField) []*model.GroupedDynamicField {
	return mapAll(list, func(f org.DynamicField) *model.GroupedDynamicField {
		m := &model.GroupedDynamicField{ID: wfIDString(f.ID), Entity: f.Entity, FieldType: f.FieldType, Name: f.Name, Title: f.Title}
		if f.CategoryID != nil {
			c := wfIDString(*f.CategoryID)
			m.CategoryID = &c
		}
		return m
	})
}
