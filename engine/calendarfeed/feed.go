package calendarfeed

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow"
	"portico/engine/workflow/graph"
)

// Error keys.
const (
	// KeyAssignedOnlyForStaff: only provider staff have tasks assigned to them.
	KeyAssignedOnlyForStaff = "calendar_feed_assigned_only_for_staff"
)

// The feed's reach, which bounds the work of one request (calendar apps read
// each feed every hour or so, without anyone waiting, and a provider agent's
// feed spans all their companies):
//   - open tasks due from PastDays ago up to AheadMonths ahead, at most
//     MaxEvents of them (the earliest): one indexed query with a limit;
//   - the tasks the forecast plans over the next ForecastDays days, today
//     included, at most MaxForecastEvents of them, nearest first. Computing
//     the forecast expands every run of every timed trigger in its window,
//     for every company the user sees, so the window is what bounds the work
//     (a forecast of 90 days costs about a quarter of workflowForecast's
//     year); the cap bounds what is gathered and written. The planned tasks
//     past the cap are cut, the latest first, and come into the feed as the
//     days pass.
const (
	PastDays          = 60
	AheadMonths       = 6
	MaxEvents         = 2000
	ForecastDays      = 90
	MaxForecastEvents = 500
)

// Service keeps the feeds and answers their events.
type Service struct {
	st        *store.Store
	dir       *org.Directory
	workflows *workflow.Service
	base      string // the portal's address as browsers see it
	now       func() time.Time
}

// New builds the service; publicURL is the portal's address (feed addresses and task links).
func New(st *store.Store, dir *org.Directory, workflows *workflow.Service, publicURL string) *Service {
	return &Service{st: st, dir: dir, workflows: workflows, base: strings.TrimRight(publicURL, "/"), now: time.Now}
}

// Feed is a user's feed. URL carries the secret token and is set only when
// the feed has just been made or renewed.
type Feed struct {
	URL          string
	AssignedOnly bool
	CreatedAt    time.Time
}

// Path is where a feed is served: the token, then .ics.
const Path = "/calendar/"

// Get is the viewer's feed (ok false when they have none).
func (s *Service) Get(ctx context.Context, req org.Request) (Feed, bool, error) {
	f, err := s.st.CalendarFeedGet(ctx, req.User.ID)
	if store.IsNotFound(err) {
		return Feed{}, false, nil
	} else if err != nil {
		return Feed{}, false, err
	}
	return Feed{AssignedOnly: f.AssignedOnly, CreatedAt: f.CreatedAt}, true, nil
}

// Renew makes the viewer's feed, or gives it a new secret address (the old one
// stops at once); assignedOnly nil keeps the current choice.
func (s *Service) Renew(ctx context.Context, req org.Request, assignedOnly *bool) (Feed, error) {
	only := false
	if cur, ok, err := s.Get(ctx, req); err != nil {
		return Feed{}, err
	} else if ok {
		only = cur.AssignedOnly
	}
	if assignedOnly != nil {
		only = *assignedOnly
	}
	if err := checkAssignedOnly(req.User, only); err != nil {
		return Feed{}, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return Feed{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	f, err := s.st.CalendarFeedRenew(ctx, store.CalendarFeedRenewParams{UserID: req.User.ID, TokenHash: hashOf(token),
		AssignedOnly: only})
	if err != nil {
		return Feed{}, err
	}
	return Feed{URL: s.base + Path + token + ".ics", AssignedOnly: f.AssignedOnly, CreatedAt: f.CreatedAt}, nil
}

// SetAssignedOnly changes what the viewer's feed lists, keeping its address.
func (s *Service) SetAssignedOnly(ctx context.Context, req org.Request, assignedOnly bool) (Feed, error) {
	if err := checkAssignedOnly(req.User, assignedOnly); err != nil {
		return Feed{}, err
	}
	f, err := s.st.CalendarFeedSetAssignedOnly(ctx, store.CalendarFeedSetAssignedOnlyParams{UserID: req.User.ID,
		AssignedOnly: assignedOnly})
	if store.IsNotFound(err) {
		return Feed{}, apperr.NotFound("calendar_feed")
	} else if err != nil {
		return Feed{}, err
	}
	return Feed{AssignedOnly: f.AssignedOnly, CreatedAt: f.CreatedAt}, nil
}

// Delete stops the viewer's feed.
func (s *Service) Delete(ctx context.Context, req org.Request) error {
	n, err := s.st.CalendarFeedDelete(ctx, req.User.ID)
	if err == nil && n == 0 {
		return apperr.NotFound("calendar_feed")
	}
	return err
}

func checkAssignedOnly(u store.User, only bool) error {
	if only && u.UserType != string(access.UserTypeStaff) {
		return apperr.Invalid("assignedOnly", KeyAssignedOnlyForStaff)
	}
	return nil
}

func hashOf(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Event is one due date in a feed: an open task's, or one a future run will
// open (Forecast). Date is the day it is due in the company's country; Link
// is where the task (or, for a forecast one, its company) is in the portal.
type Event struct {
	UID      string
	Date     graph.Date
	Title    string
	Company  string
	Category string
	Workflow string
	Link     string
	Forecast bool
	// Updated is when an open task last changed (zero for a forecast one).
	Updated time.Time
}

// Events reads the feed of a token: its owner and their events. An unknown
// token (a wrong or renewed one) or an inactive user is RECORD_NOT_FOUND.
func (s *Service) Events(ctx context.Context, token string) (store.User, []Event, error) {
	f, err := s.st.CalendarFeedByTokenHash(ctx, hashOf(token))
	if store.IsNotFound(err) || (err == nil && !f.UserActive) {
		return store.User{}, nil, apperr.NotFound("calendar_feed")
	} else if err != nil {
		return store.User{}, nil, err
	}
	u, err := s.st.UserGet(ctx, f.UserID)
	if err != nil {
		return store.User{}, nil, err
	}
	companies, err := s.dir.Companies(ctx, u, false)
	if err != nil {
		return u, nil, err
	}
	byID := map[int64]org.CompanyAccess{}
	var ids []int64
	var scope []string
	for _, c := range companies {
		byID[c.Company.ID] = c
		ids = append(ids, c.Company.ID)
		for _, cat := range c.Abilities.VisibleCategoryIDs() {
			scope = append(scope, strconv.FormatInt(c.Company.ID, 10)+":"+strconv.FormatInt(cat, 10))
		}
	}
	out := []Event{}
	if len(scope) == 0 {
		return u, out, nil
	}
	now := s.now()
	today := graph.DateOf(now)
	until := today.AddMonths(AheadMonths)
	var responsible *int64
	if f.AssignedOnly {
		responsible = &u.ID
	}
	from, to := now.AddDate(0, 0, -PastDays), until.At(graph.TimeOfDay{}, time.UTC).AddDate(0, 0, 1)
	tasks, err := s.st.CalendarFeedTasks(ctx, store.CalendarFeedTasksParams{CompanyIds: ids, Scope: scope,
		DueFrom: &from, DueTo: &to, ResponsibleID: responsible, Lim: MaxEvents})
	if err != nil {
		return u, nil, err
	}
	host := s.host()
	for _, t := range tasks {
		c := byID[t.CompanyID]
		out = append(out, Event{UID: "task-" + t.UUID.String() + "@" + host, Date: graph.DateOf(t.DueDate.In(zoneOf(c))),
			Title: t.Title, Company: c.Company.Name, Category: t.CategoryName,
			Link: s.base + "/" + c.Company.UUID.String() + "/inbox/" + t.UUID.String(), Updated: t.UpdatedAt})
	}
	in := workflow.ForecastInput{DateFrom: today, DateTo: today.AddDays(ForecastDays - 1), First: MaxForecastEvents}
	if f.AssignedOnly {
		in.AssigneeIDs = []uuid.UUID{u.UUID}
	}
	fc, err := s.workflows.TaskForecast(ctx, u, in)
	if err != nil {
		return u, nil, err
	}
	staff := u.UserType == string(access.UserTypeStaff)
	for _, t := range fc.Tasks {
		link := s.base + "/" + t.Company.UUID.String() + "/inbox"
		if staff {
			link = s.base + "/" + t.Company.UUID.String() + "/company-workflows"
		}
		out = append(out, Event{UID: "forecast-" + t.CompanyWorkflow.String() + "-" + t.Run.Date.String() + "-" + t.NodeID + "@" + host,
			Date: t.Day, Title: t.Title, Company: t.Company.Name, Category: t.Category.Name, Workflow: t.Workflow.Name,
			Link: link, Forecast: true})
	}
	return u, out, nil
}

// host names the portal in the events' UIDs.
func (s *Service) host() string {
	h := strings.TrimPrefix(strings.TrimPrefix(s.base, "https://"), "http://")
	if i := strings.IndexAny(h, "/:"); i >= 0 {
		h = h[:i]
	}
	if h == "" {
		return "portico"
	}
	return h
}

// zoneOf is the time zone of a company's (first) country, where its due dates fall.
func zoneOf(c org.CompanyAccess) *time.Location {
	code := ""
	if len(c.Countries) > 0 {
		code = c.Countries[0].Code
	}
	if loc, err := graph.LoadLocation(graph.DefaultTimeZone(code)); err == nil {
		return loc
	}
	return time.UTC
}
