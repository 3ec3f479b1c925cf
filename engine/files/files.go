package files

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/notify"
	"portico/engine/org"
	"portico/engine/store"
)

// Limits of the spec.
const (
	FolderPageSize   = 30
	FilePageSize     = 10
	ActivityLimit    = 5
	MaxDepth         = 24
	MaxNameLength    = 255
	DefaultMaxUpload = 100 << 20
)

// Entity types named in errors.
const (
	entityFolder  = "folder"
	entityFile    = "company_file"
	entityZip     = "zip_file"
	entityPDF     = "pdf_file"
	entityThread  = "inbox_task"
	entityCompany = "company"
)

// Blobs is the blob store as this package uses it (engine/blob.Store has
// this shape): Put streams r to key and returns the bytes written.
type Blobs interface {
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	Delete(ctx context.Context, key string) error
}

// Starter starts the export jobs. Each takes the public id of the pdf_files
// or zip_files row the job fills in.
type Starter interface {
	StartThreadPDF(ctx context.Context, pdfID uuid.UUID) error
	StartInboxZip(ctx context.Context, zipID uuid.UUID) error
	StartContentZip(ctx context.Context, zipID uuid.UUID) error
}

// Deps is what the service is built on.
type Deps struct {
	Store     *store.Store
	Directory *org.Directory
	Blobs     Blobs
	// Publisher sends realtime events (nil: none).
	Publisher notify.Publisher
	// Starter starts export jobs (nil: exports are refused).
	Starter Starter
	// MaxUploadBytes caps one uploaded file (0: DefaultMaxUpload).
	MaxUploadBytes int64
}

// Service is shared files and export requests.
type Service struct {
	st             *store.Store
	dir            *org.Directory
	blobs          Blobs
	pub            notify.Publisher
	starter        Starter
	maxUploadBytes int64
}

// New builds the service.
func New(d Deps) *Service {
	s := &Service{st: d.Store, dir: d.Directory, blobs: d.Blobs, pub: d.Publisher, starter: d.Starter,
		maxUploadBytes: d.MaxUploadBytes}
	if s.pub == nil {
		s.pub = notify.Discard{}
	}
	if s.maxUploadBytes <= 0 {
		s.maxUploadBytes = DefaultMaxUpload
	}
	return s
}

// Person is an uploader or the author of an activity.
type Person struct {
	UUID     uuid.UUID
	Name     string
	UserType string
	Avatar   *string
	Active   bool
}

func person(id *uuid.UUID, name, userType *string, avatar *string, active *bool) *Person {
	if id == nil {
		return nil
	}
	p := &Person{UUID: *id, Avatar: avatar}
	if name != nil {
		p.Name = *name
	}
	if userType != nil {
		p.UserType = *userType
	}
	if active != nil {
		p.Active = *active
	}
	return p
}

// company returns the company as the viewer may see it.
func (s *Service) company(ctx context.Context, req org.Request, id uuid.UUID) (org.CompanyAccess, error) {
	return s.dir.Company(ctx, req.User, req.AdminPanel, id)
}

// companyByID is company() for a record found by its own public id: a company
// the viewer may not see makes the record not found.
func (s *Service) companyByID(ctx context.Context, req org.Request, id uuid.UUID, entity string) (org.CompanyAccess, error) {
	c, err := s.company(ctx, req, id)
	if e, ok := apperr.As(err); ok && e.Code == apperr.RecordNotFound {
		return c, apperr.NotFound(entity)
	}
	return c, err
}

func category(c org.CompanyAccess, id int64) store.Category {
	for _, cat := range c.Categories {
		if cat.ID == id {
			return cat
		}
	}
	return store.Category{ID: id}
}

func object(c org.CompanyAccess, categoryID int64, uploader *uuid.UUID) access.Object {
	o := access.Object{CompanyID: c.Company.UUID, CategoryID: categoryID}
	if uploader != nil {
		o.UserID = *uploader
	}
	return o
}

// checkName validates a folder name or file name: trimmed, not empty, no
// path separators or control characters (they would break archive paths and
// downloads), at most MaxNameLength characters.
func checkName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", apperr.Invalid(field, field+"_cannot_be_blank")
	case !utf8.ValidString(name) || strings.ContainsAny(name, `/\`) || strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", apperr.Invalid(field, field+"_has_invalid_characters")
	case name == "." || name == "..":
		return "", apperr.Invalid(field, field+"_has_invalid_characters")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return "", apperr.Invalid(field, field+"_is_too_long")
	}
	return name, nil
}

// isUnique tells whether err is a unique violation (a name taken).
func isUnique(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}

// logEvent writes an events-log entry (category Files) in the caller's transaction.
func logEvent(ctx context.Context, q *store.Queries, req org.Request, companyID int64, name, label string, data map[string]any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var lbl *string
	if label != "" {
		lbl = &label
	}
	return q.EventLogAdd(ctx, store.EventLogAddParams{CompanyID: &companyID, UserID: &req.User.ID,
		EventCategory: "Files", EventName: name, EventLabelExtended: lbl, Ip: req.IP, Data: b})
}

// publish sends a realtime event to the company's members who may read the
// category. It runs after the transaction committed; a failure to find the
// audience only loses the event.
func (s *Service) publish(ctx context.Context, c org.CompanyAccess, categoryID int64, key string, data map[string]any) {
	rows, err := s.st.FolderAudience(ctx, c.Company.ID)
	if err != nil {
		return
	}
	company := access.Company{ID: c.Company.UUID, Active: c.Company.Active,
		SSOSettingsEnabled: c.Company.SsoSettingsEnabled, TermsAccepted: c.Company.TermsAcceptedAt != nil}
	cats := make([]access.Category, len(c.Categories))
	for i, cat := range c.Categories {
		cats[i] = access.Category{ID: cat.ID, CategoryType: access.CategoryType(cat.CategoryType), Active: cat.Active}
	}
	obj := access.Object{CompanyID: c.Company.UUID, CategoryID: categoryID}
	var users []uuid.UUID
	for _, r := range rows {
		ab := access.Compute(
			access.Actor{UserID: r.UUID, UserType: access.UserType(r.UserType), UserRole: access.UserRole(r.UserRole)},
			access.Membership{Company: company, Active: true, Role: access.MemberRole(r.Role), Categories: r.CategoryIds},
			cats)
		if ab.CanOn(access.ActionRead, access.SubjectFolder, obj) {
			users = append(users, r.UUID)
		}
	}
	if len(users) == 0 {
		return
	}
	data["companyId"] = c.Company.UUID
	s.pub.Publish(ctx, notify.Event{Users: users, Key: key, Data: data})
}

// pageArgs turns page (from 1) and limit into LIMIT and OFFSET.
func pageArgs(page, limit *int, def int) (lim, off int32) {
	l, p := def, 1
	if limit != nil && *limit > 0 {
		l = min(*limit, 100)
	}
	if page != nil && *page > 1 {
		p = min(*page, 1_000_000)
	}
	return int32(l), int32((p - 1) * l)
}

func blobKey(kind string, company uuid.UUID, id uuid.UUID) string {
	return fmt.Sprintf("%s/%s/%s", kind, company, id)
}
