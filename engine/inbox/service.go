package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/blob"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
)

// Limits of the spec and of docs/decisions.
const (
	// MessageLimit is the most characters of text a message or description may hold (markup not counted).
	MessageLimit = 16000
	// BulkLimit is the most threads one bulk change may touch.
	BulkLimit = 1000
	// DefaultUploadLimit is the upload size limit when none is configured (100 MB).
	DefaultUploadLimit = 100 << 20
)

// Service is the inbox.
type Service struct {
	st        *store.Store
	plan      *store.Queries // the queries whose plans depend on their values (customPlans)
	dir       *org.Directory
	pub       notify.Publisher
	blobs     blob.Store
	maxUpload int64
	now       func() time.Time
	appURL    string
	appSecret []byte
	// searchCandidates: index matches read before a word counts as common.
	searchCandidates int32
	taskEvents       workflow.TaskEvents
	log              *slog.Logger
	// fo: the committed writes' fan-outs still to apply (fanout.go).
	fo *fanOuts
}

// Options configure a Service.
type Options struct {
	Publisher notify.Publisher
	Blobs     blob.Store
	// MaxUploadBytes caps one attachment; 0 means DefaultUploadLimit.
	MaxUploadBytes int64
	// Now is the clock (tests); nil means time.Now.
	Now func() time.Time
	// ApplicationURL is the frame address template of external applications
	// ({app} is the application id); empty means DefaultApplicationURL.
	ApplicationURL string
	// ApplicationSecret signs applicationIframe tokens (APPLICATION_TOKEN_SECRET);
	// empty refuses frames.
	ApplicationSecret []byte
	// SearchCandidates is how many text-index matches a search source reads
	// before it walks its newest rows instead; 0 means 500 (tests lower it).
	SearchCandidates int
	// TaskEvents hears, after the commit, of every status change of a
	// workflow_task thread a user made (the workflow engine); nil means nobody.
	TaskEvents workflow.TaskEvents
	// Log receives the errors of TaskEvents; nil means slog.Default().
	Log *slog.Logger
}

// New builds the inbox service.
func New(st *store.Store, dir *org.Directory, opts Options) *Service {
	s := &Service{st: st, dir: dir, pub: opts.Publisher, blobs: opts.Blobs, maxUpload: opts.MaxUploadBytes, now: opts.Now,
		appURL: opts.ApplicationURL, appSecret: opts.ApplicationSecret, plan: planned(st.Pool), fo: newFanOuts()}
	s.searchCandidates = int32(opts.SearchCandidates)
	s.taskEvents, s.log = opts.TaskEvents, opts.Log
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.searchCandidates <= 0 {
		s.searchCandidates = searchCandidates
	}
	if s.appURL == "" {
		s.appURL = DefaultApplicationURL
	}
	if s.pub == nil {
		s.pub = notify.Discard{}
	}
	if s.maxUpload <= 0 {
		s.maxUpload = DefaultUploadLimit
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Thread is a thread row as the engine works with it.
type Thread struct {
	CompanyID          int64
	ID                 int64
	UUID               uuid.UUID
	CategoryID         int64
	TaskType           string
	Title              string
	Description        *string
	Status             string
	Priority           string
	Urgent             bool
	DueDate            *time.Time
	CompletionDate     *time.Time
	Hidden             bool
	HiddenAt           *time.Time
	HiddenBy           *int64
	AuthorID           *int64
	ResponsibleID      *int64
	WorkflowInstanceID *int64
	WorkflowNodeID     *string
	Skippable          bool
	ExternalActions    json.RawMessage
	CopiedFromID       *int64
	ActivityAt         time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func fromByUUID(r store.ThreadGetByUUIDRow) Thread {
	return Thread{r.CompanyID, r.ID, r.UUID, r.CategoryID, r.TaskType, r.Title, r.Description, r.Status,
		r.Priority, r.Urgent, r.DueDate, r.CompletionDate, r.Hidden, r.HiddenAt, r.HiddenBy, r.AuthorID,
		r.ResponsibleID, r.WorkflowInstanceID, r.WorkflowNodeID, r.Skippable, r.ExternalActions,
		r.CopiedFromID, r.ActivityAt, r.CreatedAt, r.UpdatedAt}
}

func fromListRow(r store.ThreadListRow) Thread {
	return Thread{r.CompanyID, r.ID, r.UUID, r.CategoryID, r.TaskType, r.Title, r.Description, r.Status,
		r.Priority, r.Urgent, r.DueDate, r.CompletionDate, r.Hidden, r.HiddenAt, r.HiddenBy, r.AuthorID,
		r.ResponsibleID, r.WorkflowInstanceID, r.WorkflowNodeID, r.Skippable, r.ExternalActions,
		r.CopiedFromID, r.ActivityAt, r.CreatedAt, r.UpdatedAt}
}

// Object is the thread as the abilities see it.
func (t Thread) object(author uuid.UUID, company uuid.UUID) access.Object {
	return access.Object{CompanyID: company, CategoryID: t.CategoryID, UserID: author, Hidden: t.Hidden, Type: t.TaskType}
}

// taskNotFound is what a missing, foreign or unreadable thread gives.
func taskNotFound() *apperr.Error {
	return &apperr.Error{Code: apperr.RecordNotFound, Message: "inbox_task_not_found", EntityType: "inbox_task"}
}

// scope is one company the request may see, with what it needs to check abilities.
type scope struct {
	*org.CompanyAccess // shared with the directory's answer: read only
	// uploaders: public ids of attachment uploaders, for own-upload rules.
	uploaders map[int64]uuid.UUID
}

// newScope is made for every company a list request may see (a thousand for a
// provider's admin): it copies nothing, since a map of categories per company
// cost more than the list query's own Go time, and a copy of the company a
// megabyte a request.
func newScope(c *org.CompanyAccess) *scope { return &scope{CompanyAccess: c} }

// category is one of the company's categories (a company uses a handful:
// a scan beats a map).
func (s *scope) category(id int64) (store.Category, bool) {
	for _, cat := range s.Categories {
		if cat.ID == id {
			return cat, true
		}
	}
	return store.Category{}, false
}

func (s *scope) can(action string, t Thread, author uuid.UUID) bool {
	return s.Abilities.CanOn(action, access.SubjectTask, t.object(author, s.Company.UUID))
}

// loaded is a thread with its company scope and author.
type loaded struct {
	Thread
	sc     *scope
	author *store.User
}

func (l *loaded) authorUUID() uuid.UUID {
	if l.author == nil {
		return uuid.Nil
	}
	return l.author.UUID
}

func (l *loaded) can(action string) bool { return l.sc.can(action, l.Thread, l.authorUUID()) }

// category is the thread's category (zero when the company no longer uses it).
func (l *loaded) category() store.Category {
	cat, _ := l.sc.category(l.CategoryID)
	return cat
}

// load finds a thread the request may read, or RECORD_NOT_FOUND.
func (s *Service) load(ctx context.Context, req org.Request, id uuid.UUID) (*loaded, error) {
	row, err := s.st.ThreadGetByUUID(ctx, id)
	if store.IsNotFound(err) {
		return nil, taskNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("inbox: load thread: %w", err)
	}
	c, err := s.dir.Company(ctx, req.User, req.AdminPanel, row.CompanyUuid)
	if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
		return nil, taskNotFound()
	} else if err != nil {
		return nil, err
	}
	l := &loaded{Thread: fromByUUID(row), sc: newScope(&c)}
	if l.AuthorID != nil {
		u, err := s.st.UserGet(ctx, *l.AuthorID)
		if err != nil && !store.IsNotFound(err) {
			return nil, err
		}
		if err == nil {
			l.author = &u
		}
	}
	if !l.can(access.ActionRead) {
		return nil, taskNotFound()
	}
	return l, nil
}

// companyScope is one company by public id (RECORD_NOT_FOUND when not visible).
func (s *Service) companyScope(ctx context.Context, req org.Request, id uuid.UUID) (*scope, error) {
	c, err := s.dir.Company(ctx, req.User, req.AdminPanel, id)
	if err != nil {
		return nil, err
	}
	return newScope(&c), nil
}

// isStaff tells provider staff (and global admins) from customers.
func isStaff(u store.User) bool {
	return u.UserType == string(access.UserTypeStaff) || u.UserRole == string(access.UserRoleAdmin)
}

// audience is who may read threads of a category in a company: the users to
// notify, and (all but global admins) those whose read state is kept.
type audience struct {
	all     []uuid.UUID
	tracked []int64 // users whose unread state is kept (never global admins)
	byID    map[int64]uuid.UUID
	trackOK map[int64]bool
}

// audienceOf computes the audience from the company's members and their abilities.
func audienceOf(ctx context.Context, q *store.Queries, sc *scope, categoryID int64) (*audience, error) {
	rows, err := q.CompanyMemberList(ctx, sc.Company.ID)
	if err != nil {
		return nil, fmt.Errorf("inbox: audience: %w", err)
	}
	return audienceFrom(sc, categoryID, rows), nil
}

// uuids are the public ids of audience members.
func (a *audience) uuids(ids []int64) []uuid.UUID {
	var out []uuid.UUID
	for _, id := range ids {
		if u, ok := a.byID[id]; ok {
			out = append(out, u)
		}
	}
	return out
}

// others is the tracked audience without the given user.
func (a *audience) others(userID int64) []int64 {
	out := make([]int64, 0, len(a.tracked))
	for _, id := range a.tracked {
		if id != userID {
			out = append(out, id)
		}
	}
	return out
}

// tx collects what a write publishes after its commit.
type tx struct {
	q      *store.Queries
	events []notify.Event
	// taskChanges: workflow_task threads whose status changed, for TaskEvents.
	taskChanges []taskChange
	// fanOuts: new activities' per-reader work, applied after the commit.
	fanOuts []fanOut
}

func (t *tx) emit(users []uuid.UUID, key string, data map[string]any) {
	t.emitMail(users, key, data, nil)
}

// emitMail is emit with the event's mail part (notify.Event.Mail), which the
// mail tap reads and browsers never get.
func (t *tx) emitMail(users []uuid.UUID, key string, data map[string]any, mail *notify.Mail) {
	if len(users) == 0 {
		return
	}
	t.events = append(t.events, notify.Event{Users: users, Key: key, Data: data, Mail: mail})
}

// write runs fn in one transaction, then publishes the events it collected.
func (s *Service) write(ctx context.Context, fn func(t *tx) error) error {
	release, err := s.writeAnswering(ctx, fn)
	release()
	return err
}

// writeAnswering is write for a mutation that answers with what it wrote: the
// fan-outs (fanout.go) start only when the answer is built and release is
// called, so the two do not share the machine.
func (s *Service) writeAnswering(ctx context.Context, fn func(t *tx) error) (release func(), err error) {
	t := &tx{}
	err = s.st.InTx(ctx, func(q *store.Queries) error {
		t.q = q
		return fn(t)
	})
	if err != nil {
		return func() {}, err
	}
	held := t.fanOuts
	t.fanOuts = nil
	s.committed(ctx, t)
	return func() { s.enqueueFanOuts(held) }, nil
}

// committed publishes a committed transaction's events and tells the
// workflow engine of its task status changes.
func (s *Service) committed(ctx context.Context, t *tx) {
	if len(t.events) > 0 {
		s.pub.Publish(ctx, t.events...)
	}
	s.tellTaskEvents(ctx, t.taskChanges)
	s.enqueueFanOuts(t.fanOuts)
}

// logEvent writes an events-log entry (category Inbox) in the transaction.
func logEvent(ctx context.Context, q *store.Queries, req org.Request, companyID int64, name string, data map[string]any) error {
	if data == nil {
		data = map[string]any{}
	}
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var user *int64 // nil: the system (the workflow engine) wrote it
	if req.User.ID != 0 {
		user = &req.User.ID
	}
	return q.EventLogAdd(ctx, store.EventLogAddParams{CompanyID: &companyID, UserID: user,
		EventCategory: "Inbox", EventName: name, Ip: req.IP, Data: b})
}

// orNoArgs is args, or the empty object for none.
func orNoArgs(args json.RawMessage) json.RawMessage {
	if args == nil {
		return jsonArgs(nil)
	}
	return args
}

func jsonArgs(m map[string]any) json.RawMessage {
	if len(m) == 0 {
		return json.RawMessage(`{}`)
	}
	b, _ := json.Marshal(m)
	return b
}
