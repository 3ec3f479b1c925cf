package workflow

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/contract"
)

// Runner is the durable side of the engine. Implementations must be safe to
// call more than once for the same request.
type Runner interface {
	// StartRun starts the run of an instance that is pending in the database.
	StartRun(ctx context.Context, instance uuid.UUID) error
	// CancelRun asks a run to stop; it cancels its open tasks on the way out.
	CancelRun(ctx context.Context, instance uuid.UUID) error
	// RetryRun tells a failed run to run its failed steps again.
	RetryRun(ctx context.Context, instance uuid.UUID) error
	// TriggersChanged makes the trigger process of a company workflow re-read
	// its triggers, starting it when it is not running.
	TriggersChanged(ctx context.Context, companyWorkflow uuid.UUID) error
	// TaskChanged tells a run that a task it waits for changed status.
	TaskChanged(ctx context.Context, instance uuid.UUID, change contract.TaskChange) error
}

// TaskEvents is what the inbox calls, after its transaction commits, whenever
// the status of a workflow_task thread changes (single and bulk status
// changes, and the cancel of an open one that goes to the bin).
// TaskEventRelay implements it to tell the waiting run.
type TaskEvents interface {
	TaskStatusChanged(ctx context.Context, thread uuid.UUID, status string) error
}

// Tasks is the inbox as the engine writes runs' tasks in it (*inbox.Service
// implements it).
type Tasks interface {
	// CreateWorkflowTask writes a run's task as a workflow_task thread in the
	// caller's transaction q, linked to its step, and returns its public id and
	// what to do once q commits (its realtime events).
	CreateWorkflowTask(ctx context.Context, q *store.Queries, task NewTask) (uuid.UUID, func(context.Context), error)
	// CancelWorkflowTasks cancels a run's open tasks; safe to retry.
	CancelWorkflowTasks(ctx context.Context, companyID, instanceID int64) error
}

// Service is the workflow engine's application service.
type Service struct {
	st     *store.Store
	dir    *org.Directory
	runner Runner
	now    func() time.Time
	ui     string // the Temporal UI's namespace page, for links to runs
	tasks  Tasks
	log    *slog.Logger
	pub    notify.Publisher
	// searchAttributes: runs and trigger processes set Portico's custom search attributes
	searchAttributes bool
}

// Deps is what the workflow service needs.
type Deps struct {
	Store     *store.Store
	Directory *org.Directory
	// Runner may be nil in processes that never start, cancel or signal runs
	// (then those requests fail).
	Runner Runner
	// Tasks writes the runs' tasks in the inbox; nil in processes that never
	// create or cancel tasks (then those requests fail).
	Tasks Tasks
	// TemporalUIURL and TemporalNamespace say where operators watch runs; an
	// empty URL means runs carry no link.
	TemporalUIURL     string
	TemporalNamespace string
	// Log receives what no caller hears of (a broken trigger); nil means
	// slog.Default().
	Log *slog.Logger
	// Publisher sends the runs' realtime events (workflow_instance.update)
	// when a run or one of its steps changes; nil sends none.
	Publisher notify.Publisher
	// SearchAttributes makes runs and trigger processes set Portico's custom
	// search attributes (contract.SearchAttributeTypes), which must then be
	// registered on the Temporal namespace; without it they carry the memo only.
	SearchAttributes bool
}

// New builds the service.
func New(d Deps) *Service {
	s := &Service{st: d.Store, dir: d.Directory, runner: d.Runner, tasks: d.Tasks, now: time.Now, log: d.Log, pub: d.Publisher, searchAttributes: d.SearchAttributes}
	if s.log == nil {
		s.log = slog.Default()
	}
	if d.TemporalUIURL != "" {
		s.ui = strings.TrimRight(d.TemporalUIURL, "/") + "/namespaces/" + url.PathEscape(d.TemporalNamespace) + "/workflows/"
	}
	return s
}

// TemporalURL is the page of a run in the Temporal UI ("" when not configured).
func (s *Service) TemporalURL(workflowID string) string {
	if s.ui == "" {
		return ""
	}
	return s.ui + url.PathEscape(workflowID)
}

var errNoRunner = errors.New("workflow: no Temporal runner configured")

var errNoTasks = errors.New("workflow: no inbox configured for the runs' tasks")

func (s *Service) run() (Runner, error) {
	if s.runner == nil {
		return nil, errNoRunner
	}
	return s.runner, nil
}

// Error keys of the catalogue this package returns (message of the error).
const (
	KeyNameTaken               = "name_has_already_been_taken"
	KeyAlreadyAssigned         = "workflow_already_assigned_to_company"
	KeyScheduleWithParameters  = "schedule_trigger_unavailable_with_parameters"
	KeyAnchorCategoryMismatch  = "anchor_date_field_category_mismatch"
	KeyCannotUnassign          = "workflow_could_not_be_deleted_from_company"
	KeyFailedToCancel          = "failed_to_cancel_workflow_instance"
	KeyFailedToRetry           = "failed_to_retry_workflow_instance"
	KeyInvalidStructure        = "invalid_structure"
	KeyInvalidGraph            = "invalid_graph"
	KeyCountryNotAvailable     = "country_not_available"
	KeyPublishedStaysPublished = "published_workflow_cannot_become_draft"
	KeyNotPublished            = "workflow_not_published"
	KeyAssignedCannotDelete    = "workflow_is_assigned_to_companies"
	KeyGeneralInfoLocked       = "cannot_edit_general_info"
	KeyInvalidTrigger          = "invalid_trigger"
	KeyInvalidSchedule         = "invalid_schedule"
	KeyInvalidAnchorField      = "invalid_anchor_date_field"
	KeyInvalidOffsetDays       = "invalid_offset_days" // an anchor trigger's offset: not whole days within a year
	KeyMissingParameter        = "missing_parameter"
	KeyInvalidParameter        = "invalid_parameter"
	KeyBlank                   = "can't_be_blank"
	KeyInvalidCategory         = "invalid_category"
	KeyManualOnly              = "workflow_has_no_manual_trigger"
)

// Trigger types.
const (
	TriggerManual     = "manual"
	TriggerSchedule   = "schedule"
	TriggerAnchorDate = "anchor_date"
)

// requireAdmin lets only global admins manage the global workflow templates
// (the admin panel's Workflows pages).
func requireAdmin(u store.User) error {
	if u.UserRole != string(access.UserRoleAdmin) {
		return apperr.Denied("")
	}
	return nil
}

// company returns a company the viewer may see with the given ability on
// subject; a company they may not see is RECORD_NOT_FOUND, one they see
// without the ability ACCESS_DENIED.
func (s *Service) company(ctx context.Context, u store.User, adminPanel bool, id uuid.UUID, action, subject string) (org.CompanyAccess, error) {
	c, err := s.dir.Company(ctx, u, adminPanel, id)
	if err != nil {
		return c, err
	}
	if !c.Abilities.Can(action, subject) {
		return c, apperr.Denied("")
	}
	return c, nil
}

// companiesWith lists the companies where the viewer has the ability.
func (s *Service) companiesWith(ctx context.Context, u store.User, adminPanel bool, action, subject string) ([]org.CompanyAccess, error) {
	list, err := s.dir.Companies(ctx, u, adminPanel)
	if err != nil {
		return nil, err
	}
	out := list[:0:0]
	for _, c := range list {
		if c.Abilities.Can(action, subject) {
			out = append(out, c)
		}
	}
	return out, nil
}

func ptr[T any](v T) *T { return &v }
