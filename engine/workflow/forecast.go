package workflow

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// The workload forecast: every future run of every schedule and anchor-date
// trigger of the companies a viewer sees, and each task it will open, over a
// window of days. Runs and due dates come from previewTrigger and
// previewTasks (the preview's code, on the recurrence, anchor-date and calendar
// rules the trigger processes and the runs use), assignees from the same
// values a run's task reads (companyValues), so the forecast has no rules of
// its own. Everything is read for all companies at once (a fixed number of
// queries), and assignments with the same workflow version, country and
// schedules share one computation, which is what keeps 1,000 companies × 20
// workflows fast.

// MaxForecastMonths bounds a forecast's window.
const MaxForecastMonths = 12

// forecastLookbackDays: runs starting this long before a window are expanded
// too, so that their tasks due inside it are counted (a due date more than a
// year after its run's start is not).
const forecastLookbackDays = 366

// Error keys of the forecast.
const (
	KeyForecastWindowTooLong = "forecast_window_too_long"
	KeyInvalidDate           = "invalid_date"
	KeyInvalidDateRange      = "invalid_date_range"
)

// ForecastInput asks for the forecast of the days DateFrom..DateTo (both
// included), filtered by company, category, workflow and assignee (empty:
// all), with one page of its tasks.
type ForecastInput struct {
	DateFrom, DateTo        graph.Date
	CompanyIDs, WorkflowIDs []uuid.UUID
	AssigneeIDs             []uuid.UUID
	CategoryIDs             []int64
	Page, Limit             int
}

// Forecast is the tasks the future runs will open in a window: how many fall
// on each day, per assignee and per category, one page of them, and the
// companies, categories, workflows and assignees the filters can choose from.
type Forecast struct {
	DateFrom, DateTo graph.Date
	Total            int
	Days             []ForecastDay
	Assignees        []ForecastLoad
	Categories       []ForecastLoad
	Tasks            []ForecastTask
	Options          ForecastOptions
}

// ForecastDay is the number of tasks that fall on a day (days without any are
// left out).
type ForecastDay struct {
	Date  graph.Date
	Count int
}

// ForecastLoad is the tasks of one assignee (nil: unassigned) or one category
// per day.
type ForecastLoad struct {
	Assignee *store.User
	Category *store.Category
	Total    int
	Days     []ForecastDay
}

// ForecastOptions are what the filters can choose from: everything the
// viewer's forecast can hold, whatever the window.
type ForecastOptions struct {
	Companies  []store.Company
	Categories []store.Category
	Workflows  []store.Workflow
	Assignees  []store.User
}

// ForecastTask is a task a future run will open: Day is its due date, or the
// run's start day when it has none.
type ForecastTask struct {
	Day             graph.Date
	Company         store.Company
	CompanyWorkflow uuid.UUID
	Workflow        store.Workflow
	Category        store.Category
	Assignee        *store.User
	// Run is the run that opens it (without its tasks).
	Run PreviewRun
	PreviewTask
	// CategoryInactive: the company no longer uses the category, so the run
	// will fail on this task.
	CategoryInactive bool
}

// Forecast computes the workload forecast for provider staff, over the
// companies where they may read company workflows and the categories they see.
func (s *Service) Forecast(ctx context.Context, u store.User, adminPanel bool, in ForecastInput) (Forecast, error) {
	if u.UserType != string(access.UserTypeStaff) {
		return Forecast{}, apperr.Denied("")
	}
	if err := checkWindow(in.DateFrom, in.DateTo); err != nil {
		return Forecast{}, err
	}
	companies, err := s.companiesWith(ctx, u, adminPanel, access.ActionRead, access.SubjectCompanyWorkflow)
	if err != nil {
		return Forecast{}, err
	}
	for _, id := range in.CompanyIDs {
		if !slices.ContainsFunc(companies, func(c org.CompanyAccess) bool { return c.Company.UUID == id }) {
			return Forecast{}, apperr.NotFound("company")
		}
	}
	return s.forecast(ctx, companies, in)
}

// checkWindow refuses a window that ends before it starts or is longer than
// MaxForecastMonths.
func checkWindow(from, to graph.Date) error {
	switch {
	case !from.Valid():
		return apperr.Invalid("dateFrom", KeyInvalidDate)
	case !to.Valid():
		return apperr.Invalid("dateTo", KeyInvalidDate)
	case to.Before(from):
		return apperr.Invalid("dateTo", KeyInvalidDateRange)
	case !to.Before(from.AddMonths(MaxForecastMonths)):
		return apperr.Invalid("dateTo", KeyForecastWindowTooLong)
	}
	return nil
}

// fcTrigger is one timed trigger of an assignment.
type fcTrigger struct {
	typ  string
	data json.RawMessage
}

// fcAssignment is an assignment the forecast expands.
type fcAssignment struct {
	assignment
	company  *org.CompanyAccess
	uuid     uuid.UUID
	triggers []fcTrigger
	nodes    []fcNode
	values   *companyValues
	// share names the computation of runs and tasks this assignment has in
	// common with others ("" when its runs depend on its company's values)
	share string
}

// fcNode is a task node as one company's runs open it.
type fcNode struct {
	category int64
	assignee *int64
	visible  bool // the viewer sees its category in the company
	inactive bool
}

// fcRuns is an assignment's runs, each with its tasks.
type fcRuns []PreviewRun

// fcItem is one task of the forecast: its assignment, run and task node.
type fcItem struct {
	a, run int32
	task   int16
}

func (s *Service) forecast(ctx context.Context, companies []org.CompanyAccess, in ForecastInput) (Forecast, error) {
	out := Forecast{DateFrom: in.DateFrom, DateTo: in.DateTo, Days: []ForecastDay{}, Assignees: []ForecastLoad{},
		Categories: []ForecastLoad{}, Tasks: []ForecastTask{}, Options: ForecastOptions{Companies: []store.Company{},
			Categories: []store.Category{}, Workflows: []store.Workflow{}, Assignees: []store.User{}}}
	list, err := s.forecastAssignments(ctx, companies)
	if err != nil || len(list) == 0 {
		return out, err
	}
	assignees, err := s.forecastUsers(ctx, list)
	if err != nil {
		return out, err
	}
	out.Options = forecastOptions(list, assignees)

	// the filters
	wanted := func(ids []uuid.UUID, id uuid.UUID) bool { return len(ids) == 0 || slices.Contains(ids, id) }
	assigneeIDs := map[int64]bool{}
	for _, id := range in.AssigneeIDs {
		for _, u := range assignees {
			if u.UUID == id {
				assigneeIDs[u.ID] = true
			}
		}
	}
	keep := func(n fcNode) bool {
		if !n.visible || (len(in.CategoryIDs) > 0 && !slices.Contains(in.CategoryIDs, n.category)) {
			return false
		}
		return len(in.AssigneeIDs) == 0 || (n.assignee != nil && assigneeIDs[*n.assignee])
	}

	// the runs, from after (now, or a year before the window) until its last day
	after := s.now()
	if early := in.DateFrom.AddDays(-forecastLookbackDays).At(graph.TimeOfDay{}, time.UTC); early.After(after) {
		after = early
	}
	ndays := in.DateFrom.DaysUntil(in.DateTo) + 1
	buckets := make([][]fcItem, ndays)
	runs := make([]fcRuns, len(list))
	shared := map[string]fcRuns{}
	for i := range list {
		fa := &list[i]
		if !wanted(in.CompanyIDs, fa.company.Company.UUID) || !wanted(in.WorkflowIDs, fa.workflow.UUID) ||
			!slices.ContainsFunc(fa.nodes, keep) {
			continue
		}
		rs, ok := shared[fa.share]
		if !ok || fa.share == "" {
			rs = fa.expand(after, in.DateTo)
			if fa.share != "" {
				shared[fa.share] = rs
			}
		}
		runs[i] = rs
		for r, run := range rs {
			for k, t := range run.Tasks {
				if !keep(fa.nodes[k]) {
					continue
				}
				d := t.day(run)
				if d.Before(in.DateFrom) || d.After(in.DateTo) {
					continue
				}
				off := in.DateFrom.DaysUntil(d)
				buckets[off] = append(buckets[off], fcItem{int32(i), int32(r), int16(k)})
			}
		}
	}

	// the counts
	byAssignee, byCategory := map[int64][]int{}, map[int64][]int{}
	count := func(m map[int64][]int, key int64, off int) {
		if m[key] == nil {
			m[key] = make([]int, ndays)
		}
		m[key][off]++
	}
	for off, b := range buckets {
		if len(b) == 0 {
			continue
		}
		out.Total += len(b)
		out.Days = append(out.Days, ForecastDay{Date: in.DateFrom.AddDays(off), Count: len(b)})
		for _, it := range b {
			n := list[it.a].nodes[it.task]
			var who int64
			if n.assignee != nil {
				who = *n.assignee
			}
			count(byAssignee, who, off)
			count(byCategory, n.category, off)
		}
	}
	users := map[int64]store.User{}
	for _, u := range assignees {
		users[u.ID] = u
	}
	cats := map[int64]store.Category{}
	for _, c := range out.Options.Categories {
		cats[c.ID] = c
	}
	for id, perDay := range byAssignee {
		l := load(in.DateFrom, perDay)
		if u, ok := users[id]; ok {
			l.Assignee = &u
		}
		out.Assignees = append(out.Assignees, l)
	}
	slices.SortFunc(out.Assignees, func(x, y ForecastLoad) int {
		switch {
		case x.Assignee == nil || y.Assignee == nil: // unassigned last
			return boolOrder(x.Assignee == nil, y.Assignee == nil)
		}
		return cmp.Or(strings.Compare(strings.ToLower(x.Assignee.Name), strings.ToLower(y.Assignee.Name)),
			cmp.Compare(x.Assignee.ID, y.Assignee.ID))
	})
	for id, perDay := range byCategory {
		l := load(in.DateFrom, perDay)
		c := cats[id]
		l.Category = &c
		out.Categories = append(out.Categories, l)
	}
	slices.SortFunc(out.Categories, func(x, y ForecastLoad) int {
		return cmp.Or(cmp.Compare(x.Category.Position, y.Category.Position), cmp.Compare(x.Category.ID, y.Category.ID))
	})

	// one page of the tasks, in day order (within a day by company, workflow,
	// run and the task's place in the workflow, the order they were added in)
	limit, off := paging(in.Page, in.Limit, 50)
	skip := int(off)
	for _, b := range buckets {
		if len(out.Tasks) == int(limit) {
			break
		}
		if skip >= len(b) {
			skip -= len(b)
			continue
		}
		for _, it := range b[skip:] {
			if len(out.Tasks) == int(limit) {
				break
			}
			fa := list[it.a]
			run := runs[it.a][it.run]
			n := fa.nodes[it.task]
			t := ForecastTask{Company: fa.company.Company, CompanyWorkflow: fa.uuid, Workflow: fa.workflow,
				Category: cats[n.category], PreviewTask: run.Tasks[it.task], CategoryInactive: n.inactive}
			t.Day = t.day(run)
			run.Tasks = nil
			t.Run = run
			if n.assignee != nil {
				if u, ok := users[*n.assignee]; ok {
					t.Assignee = &u
				}
			}
			out.Tasks = append(out.Tasks, t)
		}
		skip = 0
	}
	return out, nil
}

// day is the day a task falls on: its due date, or its run's start day.
func (t PreviewTask) day(run PreviewRun) graph.Date {
	if t.DueDate != nil {
		return *t.DueDate
	}
	return run.Date
}

func load(from graph.Date, perDay []int) ForecastLoad {
	l := ForecastLoad{Days: []ForecastDay{}}
	for off, n := range perDay {
		if n > 0 {
			l.Total += n
			l.Days = append(l.Days, ForecastDay{Date: from.AddDays(off), Count: n})
		}
	}
	return l
}

// boolOrder sorts false before true.
func boolOrder(x, y bool) int {
	switch {
	case x == y:
		return 0
	case x:
		return 1
	}
	return -1
}

// expand is the assignment's runs strictly after the instant after and
// starting on or before the day until, each with its tasks. A trigger whose
// runs cannot be computed (its data or its anchor value is broken) is left
// out, as the trigger process leaves it out; two triggers starting a run at
// the same instant start one, as the trigger process does.
func (fa *fcAssignment) expand(after time.Time, until graph.Date) fcRuns {
	anchors := func(id graph.ID) (*graph.AnchorDate, error) { return fa.values.anchor(fa.cw.CompanyID, id), nil }
	var out fcRuns
	for _, t := range fa.triggers {
		from, n := after, 16
		for {
			rs, err := previewTrigger(fa.assignment, anchors, t.typ, t.data, from, n)
			if err != nil || len(rs) == 0 {
				break
			}
			past := false
			for _, r := range rs {
				if r.Date.After(until) {
					past = true
					break
				}
				out = append(out, r)
			}
			if past {
				break
			}
			from, n = rs[len(rs)-1].At, min(n*2, 512)
		}
	}
	slices.SortStableFunc(out, func(x, y PreviewRun) int { return x.At.Compare(y.At) })
	out = slices.CompactFunc(out, func(x, y PreviewRun) bool { return x.At.Equal(y.At) })
	for i := range out {
		out[i].Tasks, _ = previewTasks(fa.assignment, anchors, out[i].Date) // the anchors never fail
	}
	return out
}

// forecastAssignments reads the timed assignments of the companies, with what
// computing their runs needs, ordered by company, workflow and assignment.
func (s *Service) forecastAssignments(ctx context.Context, companies []org.CompanyAccess) ([]fcAssignment, error) {
	byID := make(map[int64]*org.CompanyAccess, len(companies))
	ids := make([]int64, 0, len(companies))
	for i := range companies {
		byID[companies[i].Company.ID] = &companies[i]
		ids = append(ids, companies[i].Company.ID)
	}
	q := s.st.Queries
	rows, err := q.ForecastTriggers(ctx, ids)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	var list []fcAssignment
	var workflowIDs, companyIDs []int64
	for _, r := range rows {
		if n := len(list); n == 0 || list[n-1].cw.ID != r.CompanyWorkflowID || list[n-1].cw.CompanyID != r.CompanyID {
			list = append(list, fcAssignment{assignment: assignment{cw: store.CompanyWorkflow{CompanyID: r.CompanyID,
				ID: r.CompanyWorkflowID, UUID: r.CompanyWorkflowUuid, WorkflowID: r.WorkflowID, CountryID: r.CountryID}},
				company: byID[r.CompanyID], uuid: r.CompanyWorkflowUuid})
			workflowIDs = append(workflowIDs, r.WorkflowID)
			companyIDs = append(companyIDs, r.CompanyID)
		}
		fa := &list[len(list)-1]
		fa.triggers = append(fa.triggers, fcTrigger{r.TriggerType, r.Data})
	}
	slices.Sort(workflowIDs)
	workflowIDs = slices.Compact(workflowIDs)
	companyIDs = slices.Compact(companyIDs) // rows come by company

	workflows, err := q.WorkflowGetByIDs(ctx, workflowIDs)
	if err != nil {
		return nil, err
	}
	versions, err := q.WorkflowVersionLatestFor(ctx, workflowIDs)
	if err != nil {
		return nil, err
	}
	type parsedVersion struct {
		v store.WorkflowVersion
		s graph.Structure
	}
	wByID := map[int64]store.Workflow{}
	for _, w := range workflows {
		wByID[w.ID] = w
	}
	vByWorkflow := map[int64]parsedVersion{}
	var want valuesWanted
	for _, v := range versions {
		st, err := graph.ParseStructure(v.Structure)
		if err != nil {
			continue // no run of it can start
		}
		vByWorkflow[v.WorkflowID] = parsedVersion{v, st}
		for _, n := range st.TaskNodes() {
			want.assignee(n.Task.Assignee)
			if n.Task.DueDate != nil && n.Task.DueDate.DynamicFieldID != "" {
				want.field(n.Task.DueDate.DynamicFieldID)
			}
		}
	}
	type countryCal struct {
		cal     *graph.Calendar
		country store.Country
	}
	cals := map[int64]countryCal{}
	for _, fa := range list {
		for _, t := range fa.triggers {
			if t.typ == TriggerAnchorDate {
				if at, err := parseAnchorTrigger(t.data); err == nil {
					want.field(at.DynamicFieldID)
				}
			}
		}
		if _, ok := cals[fa.cw.CountryID]; !ok {
			cal, country, err := calendar(ctx, q, fa.cw.CountryID)
			if err != nil {
				return nil, err
			}
			cals[fa.cw.CountryID] = countryCal{cal, country}
		}
	}
	slices.Sort(want.fields)
	want.fields = slices.Compact(want.fields)
	want.users = uniqueUUIDs(want.users)
	values, err := loadCompanyValues(ctx, q, companyIDs, want)
	if err != nil {
		return nil, err
	}

	visible := map[int64][]int64{}
	out := list[:0]
	for _, fa := range list {
		w, okW := wByID[fa.cw.WorkflowID]
		pv, okV := vByWorkflow[fa.cw.WorkflowID]
		if !okW || !okV {
			continue
		}
		fa.workflow, fa.version, fa.parsed = w, pv.v, pv.s
		cc := cals[fa.cw.CountryID]
		fa.cal, fa.country = cc.cal, cc.country
		if w.ConsiderHolidays {
			fa.holidays = fa.cal
		}
		fa.values = &values
		c := fa.company
		vis, ok := visible[c.Company.ID]
		if !ok {
			vis = c.Abilities.VisibleCategoryIDs()
			visible[c.Company.ID] = vis
		}
		own := false // a task's due date reads the company's values
		for _, n := range fa.parsed.TaskNodes() {
			cat, okCat := taskCategory(n, w)
			fn := fcNode{category: cat, assignee: values.assignee(fa.cw.CompanyID, n.Task.Assignee),
				visible: okCat && slices.Contains(vis, cat), inactive: true}
			for _, cc := range c.Categories {
				if cc.ID == cat && cc.Active {
					fn.inactive = false
				}
			}
			fa.nodes = append(fa.nodes, fn)
			own = own || (n.Task.DueDate != nil && n.Task.DueDate.DynamicFieldID != "")
		}
		if !own && !slices.ContainsFunc(fa.triggers, func(t fcTrigger) bool { return t.typ != TriggerSchedule }) {
			var key strings.Builder
			key.WriteString(strconv.FormatInt(fa.version.ID, 10) + "/" + strconv.FormatInt(fa.country.ID, 10))
			for _, t := range fa.triggers {
				key.WriteString("\x00" + string(t.data))
			}
			fa.share = key.String()
		}
		out = append(out, fa)
	}
	slices.SortStableFunc(out, func(x, y fcAssignment) int {
		return cmp.Or(strings.Compare(strings.ToLower(x.company.Company.Name), strings.ToLower(y.company.Company.Name)),
			cmp.Compare(x.cw.CompanyID, y.cw.CompanyID),
			strings.Compare(strings.ToLower(x.workflow.Name), strings.ToLower(y.workflow.Name)),
			cmp.Compare(x.cw.ID, y.cw.ID))
	})
	return out, nil
}

func uniqueUUIDs(ids []uuid.UUID) []uuid.UUID {
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
	return slices.Compact(ids)
}

// forecastUsers reads the people the assignments' tasks go to, by name.
func (s *Service) forecastUsers(ctx context.Context, list []fcAssignment) ([]store.User, error) {
	var ids []int64
	for _, fa := range list {
		for _, n := range fa.nodes {
			if n.visible && n.assignee != nil {
				ids = append(ids, *n.assignee)
			}
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return []store.User{}, nil
	}
	users, err := s.st.UserListByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(users, func(x, y store.User) int {
		return cmp.Or(strings.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name)), cmp.Compare(x.ID, y.ID))
	})
	return users, nil
}

// forecastOptions lists the companies, categories and workflows of the
// assignments' visible tasks, and their assignees.
func forecastOptions(list []fcAssignment, assignees []store.User) ForecastOptions {
	o := ForecastOptions{Companies: []store.Company{}, Categories: []store.Category{}, Workflows: []store.Workflow{},
		Assignees: assignees}
	seenC, seenCat, seenW := map[int64]bool{}, map[int64]bool{}, map[int64]bool{}
	for _, fa := range list {
		for _, n := range fa.nodes {
			if !n.visible {
				continue
			}
			if !seenC[fa.company.Company.ID] {
				seenC[fa.company.Company.ID] = true
				o.Companies = append(o.Companies, fa.company.Company)
			}
			if !seenW[fa.workflow.ID] {
				seenW[fa.workflow.ID] = true
				o.Workflows = append(o.Workflows, fa.workflow)
			}
			if !seenCat[n.category] {
				for _, c := range fa.company.Categories {
					if c.ID == n.category {
						seenCat[n.category] = true
						o.Categories = append(o.Categories, c)
					}
				}
			}
		}
	}
	slices.SortFunc(o.Workflows, func(x, y store.Workflow) int {
		return cmp.Or(strings.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name)), cmp.Compare(x.ID, y.ID))
	})
	slices.SortFunc(o.Categories, func(x, y store.Category) int {
		return cmp.Or(cmp.Compare(x.Position, y.Position), cmp.Compare(x.ID, y.ID))
	})
	return o
}
