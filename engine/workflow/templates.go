package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// Workflow is a workflow template with what the API shows of it.
type Workflow struct {
	store.Workflow
	Category  store.Category
	Countries []store.Country
	Creator   *store.User
	// Version is the latest published version (nil for a workflow never published).
	Version *store.WorkflowVersion
	// Assigned: the workflow is assigned to at least one company.
	Assigned bool
}

// CanEditGeneralInfo: category and countries can change only while no company
// uses the workflow (assignments and anchor-date triggers depend on them);
// name, label, description and tags can always change.
func (w Workflow) CanEditGeneralInfo() bool { return !w.Assigned }

// WorkflowInput is what createWorkflow and updateWorkflow send; nil leaves a
// field unchanged (on create: its default).
type WorkflowInput struct {
	Name             *string
	Label            *string
	Description      *string
	CategoryID       *int64
	CountryIDs       *[]int64
	Tags             *[]string
	OptionalSteps    *bool
	ConsiderHolidays *bool
	Structure        json.RawMessage
	// Draft: true saves a draft, false publishes (a new version).
	Draft *bool
}

// WorkflowFilter is the workflows list's filter.
type WorkflowFilter struct {
	CategoryIDs, CountryIDs, CreatorIDs []int64
	Draft                               *bool
	Search                              *string
	Tags                                []string
	Page, Limit                         int
}

const emptyStructure = `{"nodes":[],"edges":[]}`

// StructureErrors carries a structure's problems for the API: the schema
// check's or the graph validation's, one entry per problem, tied to a node.
type StructureErrors struct {
	Schema graph.SchemaErrors
	Graph  graph.ValidationErrors
}

// structureError wraps a structure problem as VALIDATION_ERROR on field
// structure, with the detailed problems under Details["structure"].
func structureError(err error) error {
	var se graph.SchemaErrors
	var ve graph.ValidationErrors
	switch {
	case errors.As(err, &se):
		e := apperr.Invalid("structure", KeyInvalidStructure)
		e.Details = map[string]any{"structure": StructureErrors{Schema: se}}
		return e
	case errors.As(err, &ve):
		e := apperr.Invalid("structure", KeyInvalidGraph)
		e.Details = map[string]any{"structure": StructureErrors{Graph: ve}}
		return e
	}
	return apperr.Invalid("structure", KeyInvalidStructure)
}

// checkStructure parses a structure (the schema check) and, for a publish,
// validates its graph. It returns the structure in canonical form.
func checkStructure(raw json.RawMessage, publish bool) (json.RawMessage, graph.Structure, error) {
	s, err := graph.ParseStructure(raw)
	if err != nil {
		return nil, s, structureError(err)
	}
	if publish {
		if err := graph.Validate(s).Err(); err != nil {
			return nil, s, structureError(err)
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, s, fmt.Errorf("workflow: marshal structure: %w", err)
	}
	return b, s, nil
}

func cleanTags(tags []string) []string {
	out := []string{}
	for _, t := range tags {
		t = strings.TrimPrefix(strings.TrimSpace(t), "#")
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func trimmed(p *string) *string {
	if p == nil {
		return nil
	}
	t := strings.TrimSpace(*p)
	if t == "" {
		return nil
	}
	return &t
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// CreateWorkflow saves a new workflow as a draft, or publishes it (version 1).
func (s *Service) CreateWorkflow(ctx context.Context, req org.Request, in WorkflowInput) (Workflow, error) {
	if err := requireAdmin(req.User); err != nil {
		return Workflow{}, err
	}
	name := trimmed(in.Name)
	if name == nil {
		return Workflow{}, apperr.Invalid("name", KeyBlank)
	}
	if in.CategoryID == nil {
		return Workflow{}, apperr.Invalid("category", KeyBlank)
	}
	draft := in.Draft == nil || *in.Draft
	raw := in.Structure
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		raw = json.RawMessage(emptyStructure)
	}
	structure, _, err := checkStructure(raw, !draft)
	if err != nil {
		return Workflow{}, err
	}
	tags := []string{}
	if in.Tags != nil {
		tags = cleanTags(*in.Tags)
	}
	var id int64
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		if err := s.checkCategory(ctx, q, *in.CategoryID); err != nil {
			return err
		}
		if taken, err := q.WorkflowNameTaken(ctx, store.WorkflowNameTakenParams{Name: *name}); err != nil {
			return err
		} else if taken {
			return apperr.Invalid("name", KeyNameTaken)
		}
		w, err := q.WorkflowCreate(ctx, store.WorkflowCreateParams{
			Name: *name, Label: trimmed(in.Label), Description: trimmed(in.Description), CategoryID: *in.CategoryID,
			ConsiderHolidays: in.ConsiderHolidays == nil || *in.ConsiderHolidays,
			OptionalSteps:    in.OptionalSteps != nil && *in.OptionalSteps,
			Tags:             tags, Structure: structure, Draft: draft, CreatorID: &req.User.ID,
		})
		if isUnique(err) {
			return apperr.Invalid("name", KeyNameTaken)
		} else if err != nil {
			return err
		}
		id = w.ID
		if in.CountryIDs != nil {
			if err := s.setCountries(ctx, q, w.ID, *in.CountryIDs); err != nil {
				return err
			}
		}
		if !draft {
			if _, err := q.WorkflowVersionCreate(ctx, store.WorkflowVersionCreateParams{WorkflowID: w.ID,
				Structure: structure, PublishedBy: &req.User.ID}); err != nil {
				return err
			}
		}
		return logEvent(ctx, q, req, nil, "workflow_created", map[string]any{"workflowId": w.UUID, "draft": draft})
	})
	if err != nil {
		return Workflow{}, err
	}
	return s.workflowByID(ctx, id)
}

// UpdateWorkflow changes a workflow. A draft may stay a draft or be
// published; a published workflow can only be updated, and every update of
// its structure publishes a new version (runs under way keep theirs).
func (s *Service) UpdateWorkflow(ctx context.Context, req org.Request, id uuid.UUID, in WorkflowInput) (Workflow, error) {
	if err := requireAdmin(req.User); err != nil {
		return Workflow{}, err
	}
	cur, err := s.st.WorkflowGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return Workflow{}, apperr.NotFound("workflow")
	} else if err != nil {
		return Workflow{}, err
	}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		w, err := q.WorkflowLock(ctx, cur.ID)
		if store.IsNotFound(err) {
			return apperr.NotFound("workflow")
		} else if err != nil {
			return err
		}
		draft := w.Draft
		if in.Draft != nil {
			if *in.Draft && !w.Draft {
				return apperr.Argument(KeyPublishedStaysPublished)
			}
			draft = *in.Draft
		}
		p := store.WorkflowUpdateParams{ID: w.ID, Name: w.Name, Label: w.Label, Description: w.Description,
			CategoryID: w.CategoryID, ConsiderHolidays: w.ConsiderHolidays, OptionalSteps: w.OptionalSteps,
			Tags: w.Tags, Structure: w.Structure, Draft: draft}
		if in.Name != nil {
			name := trimmed(in.Name)
			if name == nil {
				return apperr.Invalid("name", KeyBlank)
			}
			p.Name = *name
		}
		if in.Label != nil {
			p.Label = trimmed(in.Label)
		}
		if in.Description != nil {
			p.Description = trimmed(in.Description)
		}
		if in.Tags != nil {
			p.Tags = cleanTags(*in.Tags)
		}
		if in.OptionalSteps != nil {
			p.OptionalSteps = *in.OptionalSteps
		}
		if in.ConsiderHolidays != nil {
			p.ConsiderHolidays = *in.ConsiderHolidays
		}
		assigned, err := q.CompanyWorkflowAssignedAnywhere(ctx, w.ID)
		if err != nil {
			return err
		}
		if in.CategoryID != nil && *in.CategoryID != w.CategoryID {
			if assigned {
				return apperr.Invalid("category", KeyGeneralInfoLocked)
			}
			if err := s.checkCategory(ctx, q, *in.CategoryID); err != nil {
				return err
			}
			p.CategoryID = *in.CategoryID
		}
		raw := json.RawMessage(w.Structure)
		if len(in.Structure) > 0 && !bytes.Equal(bytes.TrimSpace(in.Structure), []byte("null")) {
			raw = in.Structure
		}
		structure, parsed, err := checkStructure(raw, !draft)
		if err != nil {
			return err
		}
		p.Structure = structure
		if !draft && assigned && parsed.HasParameters() {
			// a company may run it on a schedule: parameters would have nobody to give them
			if err := s.noScheduleTriggers(ctx, q, w.ID); err != nil {
				return err
			}
		}
		if p.Name != w.Name {
			if taken, err := q.WorkflowNameTaken(ctx, store.WorkflowNameTakenParams{Name: p.Name, ExceptID: w.ID}); err != nil {
				return err
			} else if taken {
				return apperr.Invalid("name", KeyNameTaken)
			}
		}
		if _, err := q.WorkflowUpdate(ctx, p); isUnique(err) {
			return apperr.Invalid("name", KeyNameTaken)
		} else if err != nil {
			return err
		}
		if in.CountryIDs != nil {
			if err := s.changeCountries(ctx, q, w.ID, *in.CountryIDs); err != nil {
				return err
			}
		}
		if !draft {
			latest, err := q.WorkflowVersionLatest(ctx, w.ID)
			if err != nil && !store.IsNotFound(err) {
				return err
			}
			if store.IsNotFound(err) || !bytes.Equal(canonical(latest.Structure), structure) {
				if _, err := q.WorkflowVersionCreate(ctx, store.WorkflowVersionCreateParams{WorkflowID: w.ID,
					Structure: structure, PublishedBy: &req.User.ID}); err != nil {
					return err
				}
			}
		}
		return logEvent(ctx, q, req, nil, "workflow_updated", map[string]any{"workflowId": w.UUID, "draft": draft})
	})
	if err != nil {
		return Workflow{}, err
	}
	return s.workflowByID(ctx, cur.ID)
}

// canonical re-encodes a stored structure the way checkStructure writes it.
func canonical(b []byte) []byte {
	s, err := graph.ParseStructure(b)
	if err != nil {
		return b
	}
	out, err := json.Marshal(s)
	if err != nil {
		return b
	}
	return out
}

// DeleteWorkflow deletes (deactivates) a workflow that no company uses.
func (s *Service) DeleteWorkflow(ctx context.Context, req org.Request, id uuid.UUID) error {
	if err := requireAdmin(req.User); err != nil {
		return err
	}
	return s.st.InTx(ctx, func(q *store.Queries) error {
		w, err := q.WorkflowGetByUUID(ctx, id)
		if store.IsNotFound(err) {
			return apperr.NotFound("workflow")
		} else if err != nil {
			return err
		}
		if _, err := q.WorkflowLock(ctx, w.ID); err != nil {
			return err
		}
		assigned, err := q.CompanyWorkflowAssignedAnywhere(ctx, w.ID)
		if err != nil {
			return err
		}
		if assigned {
			return apperr.Argument(KeyAssignedCannotDelete)
		}
		if err := q.WorkflowDelete(ctx, w.ID); err != nil {
			return err
		}
		return logEvent(ctx, q, req, nil, "workflow_deleted", map[string]any{"workflowId": w.UUID})
	})
}

// Workflow returns one workflow template.
func (s *Service) Workflow(ctx context.Context, u store.User, id uuid.UUID) (Workflow, error) {
	if err := requireAdmin(u); err != nil {
		return Workflow{}, err
	}
	w, err := s.st.WorkflowGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return Workflow{}, apperr.NotFound("workflow")
	} else if err != nil {
		return Workflow{}, err
	}
	list, err := s.decorate(ctx, []store.Workflow{w})
	if err != nil {
		return Workflow{}, err
	}
	return list[0], nil
}

// Workflows lists one page of workflow templates and the total.
func (s *Service) Workflows(ctx context.Context, u store.User, f WorkflowFilter) ([]Workflow, int, error) {
	if err := requireAdmin(u); err != nil {
		return nil, 0, err
	}
	limit, off := paging(f.Page, f.Limit, 10)
	p := store.WorkflowListParams{Draft: f.Draft, CategoryIds: nilIfEmpty(f.CategoryIDs),
		CreatorIds: nilIfEmpty(f.CreatorIDs), Tags: nilIfEmpty(cleanTags(f.Tags)), CountryIds: nilIfEmpty(f.CountryIDs),
		Search: trimmed(f.Search), Lim: limit, Off: off}
	rows, err := s.st.WorkflowList(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.st.WorkflowCount(ctx, store.WorkflowCountParams{Draft: p.Draft, CategoryIds: p.CategoryIds,
		CreatorIds: p.CreatorIds, Tags: p.Tags, CountryIds: p.CountryIds, Search: p.Search})
	if err != nil {
		return nil, 0, err
	}
	list, err := s.decorate(ctx, rows)
	return list, int(total), err
}

// Tags lists every tag in use, sorted.
func (s *Service) Tags(ctx context.Context, u store.User) ([]string, error) {
	if err := requireAdmin(u); err != nil {
		return nil, err
	}
	return s.st.WorkflowTags(ctx)
}

// Creators lists the people who created a live workflow, by name.
func (s *Service) Creators(ctx context.Context, u store.User) ([]store.User, error) {
	if err := requireAdmin(u); err != nil {
		return nil, err
	}
	return s.st.WorkflowCreatorList(ctx)
}

func (s *Service) workflowByID(ctx context.Context, id int64) (Workflow, error) {
	w, err := s.st.WorkflowGet(ctx, id)
	if err != nil {
		return Workflow{}, err
	}
	list, err := s.decorate(ctx, []store.Workflow{w})
	if err != nil {
		return Workflow{}, err
	}
	return list[0], nil
}

// workflowsByID reads the workflows with these ids, decorated, by id.
func (s *Service) workflowsByID(ctx context.Context, ids []int64) (map[int64]Workflow, error) {
	rows, err := s.st.WorkflowGetByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	list, err := s.decorate(ctx, rows)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Workflow, len(list))
	for _, w := range list {
		byID[w.ID] = w
	}
	return byID, nil
}

// decorate adds categories, countries, creators, latest versions and
// assignment flags to workflows: a fixed number of queries, plus one per
// distinct creator.
func (s *Service) decorate(ctx context.Context, rows []store.Workflow) ([]Workflow, error) {
	cats, err := s.st.CategoryList(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, w := range rows {
		ids[i] = w.ID
	}
	countries, err := s.st.WorkflowCountryList(ctx, ids)
	if err != nil {
		return nil, err
	}
	versions, err := s.st.WorkflowVersionLatestFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	assigned, err := s.st.CompanyWorkflowAssignedFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	users := map[int64]*store.User{}
	out := make([]Workflow, len(rows))
	for i, w := range rows {
		o := Workflow{Workflow: w, Countries: []store.Country{}, Assigned: slices.Contains(assigned, w.ID)}
		for _, c := range cats {
			if c.ID == w.CategoryID {
				o.Category = c
			}
		}
		for _, c := range countries {
			if c.WorkflowID == w.ID {
				o.Countries = append(o.Countries, c.Country)
			}
		}
		for j := range versions {
			if versions[j].WorkflowID == w.ID {
				o.Version = &versions[j]
			}
		}
		if w.CreatorID != nil {
			if _, ok := users[*w.CreatorID]; !ok {
				u, err := s.st.UserGet(ctx, *w.CreatorID)
				if err == nil {
					users[*w.CreatorID] = &u
				} else if !store.IsNotFound(err) {
					return nil, err
				}
			}
			o.Creator = users[*w.CreatorID]
		}
		out[i] = o
	}
	return out, nil
}

func (s *Service) checkCategory(ctx context.Context, q *store.Queries, id int64) error {
	cats, err := q.CategoryList(ctx)
	if err != nil {
		return err
	}
	for _, c := range cats {
		if c.ID == id && c.Active {
			return nil
		}
	}
	return apperr.Invalid("category", KeyInvalidCategory)
}

func (s *Service) setCountries(ctx context.Context, q *store.Queries, workflowID int64, ids []int64) error {
	if err := q.WorkflowCountryClear(ctx, workflowID); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := q.CountryGet(ctx, id); store.IsNotFound(err) {
			return apperr.Invalid("countries", "invalid_country")
		} else if err != nil {
			return err
		}
		if err := q.WorkflowCountryAdd(ctx, store.WorkflowCountryAddParams{WorkflowID: workflowID, CountryID: id}); err != nil {
			return err
		}
	}
	return nil
}

// changeCountries sets a workflow's countries; a country a company runs the
// workflow for cannot be removed.
func (s *Service) changeCountries(ctx context.Context, q *store.Queries, workflowID int64, ids []int64) error {
	cur, err := q.WorkflowCountryList(ctx, []int64{workflowID})
	if err != nil {
		return err
	}
	assigned, err := q.CompanyWorkflowAssignedAnywhere(ctx, workflowID)
	if err != nil {
		return err
	}
	for _, c := range cur {
		if !slices.Contains(ids, c.Country.ID) && assigned {
			return apperr.Invalid("countries", KeyGeneralInfoLocked)
		}
	}
	return s.setCountries(ctx, q, workflowID, ids)
}

// noScheduleTriggers refuses when a company runs the workflow on a schedule.
func (s *Service) noScheduleTriggers(ctx context.Context, q *store.Queries, workflowID int64) error {
	has, err := q.WorkflowHasScheduleTrigger(ctx, workflowID)
	if err != nil {
		return err
	}
	if has {
		return apperr.Invalid("structure", KeyScheduleWithParameters)
	}
	return nil
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// paging turns page (from 1) and limit into LIMIT and OFFSET.
func paging(page, limit, def int) (int32, int32) {
	if limit <= 0 {
		limit = def
	}
	limit = min(limit, 250)
	if page < 1 {
		page = 1
	}
	return int32(limit), int32((page - 1) * limit)
}

// logEvent writes an events-log entry (category Workflow) in the caller's transaction.
func logEvent(ctx context.Context, q *store.Queries, req org.Request, companyID *int64, name string, data map[string]any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return q.EventLogAdd(ctx, store.EventLogAddParams{CompanyID: companyID, UserID: &req.User.ID,
		EventCategory: "Workflow", EventName: name, Ip: req.IP, Data: b})
}
