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
	// First, when above zero, asks for the window's first First tasks (the
	// nearest) instead of a page: the calendar feed, whose cap is above a
	// page's, and Coming up.
	First int
	// ActiveOnly leaves out the tasks in categories their company no longer
	// uses (the run fails there, so nobody is ever asked for them).
	ActiveOnly bool
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

// ForecastWorkflow is a workflow the forecast's filter can choose, under the
// engine's name: outside engine/ no package imports the store.
type ForecastWorkflow = store.Workflow

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
	if err := checkCompanies(companies, in.CompanyIDs); err != nil {
		return Forecast{}, err
	}
	return s.forecast(ctx, companies, in)
}

// checkCompanies refuses a filter naming a company outside the viewer's reach
// (RECORD_NOT_FOUND, as for a company that does not exist).
func checkCompanies(companies []org.CompanyAccess, ids []uuid.UUID) error {
	for _, id := range ids {
		if !slices.ContainsFunc(companies, func(c org.CompanyAccess) bool { return c.Company.UUID == id }) {
			return apperr.NotFound("company")
		}
	}
	return nil
}

// TaskForecast is the forecast of the tasks a user may see, member of staff
// or customer, in the companies and categories they see (the calendar feed,
// customers' coming-up list): its caller decides what of it to show.
func (s *Service) TaskForecast(ctx context.Context, u store.User, in ForecastInput) (Forecast, error) {
	if err := checkWindow(in.DateFrom, in.DateTo); err != nil {
		return Forecast{}, err
	}
	companies, err := s.dir.Companies(ctx, u, false)
	if err != nil {
		return Forecast{}, err
	}
	if err := checkCompanies(companies, in.CompanyIDs); err != nil {
		return Forecast{}, err
	}
	return s.forecast(ctx, companies, in)
}

// checkWindow refuses a window that ends before it starts or is longer than
// MaxForecastMonths.
func checkWindow(from, to graph.Date) error {
	return checkWindowOf(from, to, MaxForecastMonths, KeyForecastWindowTooLong)
}

// checkWindowOf refuses a window that ends before it starts or is longer than
// months (tooLong, on dateTo).
func checkWindowOf(from, to graph.Date, months int, tooLong string) error {
	switch {
	case !from.Valid():
		return apperr.Invalid("dateFrom", KeyInvalidDate)
	case !to.Valid():
		return apperr.Invalid("dateTo", KeyInvalidDate)
	case to.Before(from):
		return apperr.Invalid("dateTo", KeyInvalidDateRange)
	case !to.Before(from.AddMonths(months)):
		return apperr.Invalid("dateTo", tooLong)
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
	// keep: the filters keep it; its rows in the counts per assignee and category
	keep            bool
	userRow, catRow int
}

// fcRuns is an assignment's runs, each with its tasks, and the day each task
// falls on as an offset into the window (-1: outside it).
type fcRuns struct {
	runs []PreviewRun
	days [][]int32
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

	// the filters, and each node's row in the counts per assignee and category
	wanted := func(ids []uuid.UUID, id uuid.UUID) bool { return len(ids) == 0 || slices.Contains(ids, id) }
	userRow := map[int64]int{0: 0} // 0: unassigned
	for i, u := range assignees {
		userRow[u.ID] = i + 1
	}
	catRow := map[int64]int{}
	for i, c := range out.Options.Categories {
		catRow[c.ID] = i
	}
	assigneeIDs := map[int64]bool{}
	for _, id := range in.AssigneeIDs {
		for _, u := range assignees {
			if u.UUID == id {
				assigneeIDs[u.ID] = true
			}
		}
	}
	for i := range list {
		fa := &list[i]
		picked := wanted(in.CompanyIDs, fa.company.Company.UUID) && wanted(in.WorkflowIDs, fa.workflow.UUID)
		for k := range fa.nodes {
			n := &fa.nodes[k]
			n.keep = picked && n.visible && !(in.ActiveOnly && n.inactive) &&
				(len(in.CategoryIDs) == 0 || slices.Contains(in.CategoryIDs, n.category)) &&
				(len(in.AssigneeIDs) == 0 || (n.assignee != nil && assigneeIDs[*n.assignee]))
			var who int64
			if n.assignee != nil {
				who = *n.assignee
			}
			n.userRow, n.catRow = userRow[who], catRow[n.category]
		}
	}

	// the runs, from after (now, or a year before the window) until its last
	// day; assignments with the same runs share them
	after := s.now()
	if early := in.DateFrom.AddDays(-forecastLookbackDays).At(graph.TimeOfDay{}, time.UTC); early.After(after) {
		after = early
	}
	ndays := in.DateFrom.DaysUntil(in.DateTo) + 1
	runs := make([]*fcRuns, len(list))
	shared := map[string]*fcRuns{}
	perDay := make([]int, ndays)
	byUser := make([]int, (len(assignees)+1)*ndays)
	byCat := make([]int, len(out.Options.Categories)*ndays)
	for i := range list {
		fa := &list[i]
		if !slices.ContainsFunc(fa.nodes, func(n fcNode) bool { return n.keep }) {
			continue
		}
		rs, ok := shared[fa.share]
		if !ok || fa.share == "" {
			rs = fa.expand(after, in.DateFrom, in.DateTo)
			if fa.share != "" {
				shared[fa.share] = rs
			}
		}
		runs[i] = rs
		for _, days := range rs.days {
			for k, off := range days {
				if n := &fa.nodes[k]; off >= 0 && n.keep {
					perDay[off]++
					byUser[n.userRow*ndays+int(off)]++
					byCat[n.catRow*ndays+int(off)]++
				}
			}
		}
	}

	// the counts
	for off, n := range perDay {
		if n > 0 {
			out.Total += n
			out.Days = append(out.Days, ForecastDay{Date: in.DateFrom.AddDays(off), Count: n})
		}
	}
	for row := 0; row <= len(assignees); row++ {
		l := load(in.DateFrom, byUser[row*ndays:(row+1)*ndays])
		if l.Total == 0 {
			continue
		}
		if row > 0 {
			l.Assignee = &assignees[row-1]
		}
		out.Assignees = append(out.Assignees, l)
	}
	if len(out.Assignees) > 0 && out.Assignees[0].Assignee == nil { // unassigned last
		out.Assignees = append(out.Assignees[1:], out.Assignees[0])
	}
	for row := range out.Options.Categories {
		if l := load(in.DateFrom, byCat[row*ndays:(row+1)*ndays]); l.Total > 0 {
			l.Category = &out.Options.Categories[row]
			out.Categories = append(out.Categories, l)
		}
	}

	// one page of the tasks, in day order (within a day by company, workflow,
	// run and the task's place in the workflow): the page's days are found
	// from the counts, and only their tasks are gathered
	limit, offset := paging(in.Page, in.Limit, 50)
	if in.First > 0 {
		limit, offset = int32(min(in.First, out.Total)), 0
	}
	first, skip := 0, int(offset)
	for first < ndays && skip >= perDay[first] {
		skip -= perDay[first]
		first++
	}
	last, room := first, skip+int(limit)
	for last < ndays && room > perDay[last] {
		room -= perDay[last]
		last++
	}
	last = min(last, ndays-1)
	if first >= ndays {
		return out, nil
	}
	type item struct {
		a, run, task int
	}
	page := make([][]item, last-first+1)
	for i, rs := range runs {
		if rs == nil {
			continue
		}
		for r, days := range rs.days {
			for k, off := range days {
				if int(off) >= first && int(off) <= last && list[i].nodes[k].keep {
					page[int(off)-first] = append(page[int(off)-first], item{i, r, k})
				}
			}
		}
	}
	var items []item
	for _, p := range page {
		items = append(items, p...)
	}
	items = items[min(skip, len(items)):]
	items = items[:min(int(limit), len(items))]
	users := map[int64]*store.User{}
	for i := range assignees {
		users[assignees[i].ID] = &assignees[i]
	}
	for _, it := range items {
		fa := list[it.a]
		run := runs[it.a].runs[it.run]
		n := fa.nodes[it.task]
		t := ForecastTask{Company: fa.company.Company, CompanyWorkflow: fa.uuid, Workflow: fa.workflow,
			Category: out.Options.Categories[n.catRow], PreviewTask: run.Tasks[it.task], CategoryInactive: n.inactive}
		t.Day = t.day(run)
		run.Tasks = nil
		t.Run = run
		if n.assignee != nil {
			t.Assignee = users[*n.assignee]
		}
		out.Tasks = append(out.Tasks, t)
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

// expand is the assignment's runs strictly after the instant after and
// starting on or before the day to, each with its tasks and the days they
// fall on in the window from..to. A trigger whose runs cannot be computed
// (its data or its anchor value is broken) is left out, as the trigger process
// leaves it out; two triggers starting a run at the same instant start one, as
// the trigger process does.
func (fa *fcAssignment) expand(after time.Time, from, to graph.Date) *fcRuns {
	anchors := func(id graph.ID) (*graph.AnchorDate, error) { return fa.values.anchor(fa.cw.CompanyID, id), nil }
	var list []PreviewRun
	for _, t := range fa.triggers {
		at, n := after, 16
		for {
			rs, err := previewTrigger(fa.assignment, anchors, t.typ, t.data, at, n)
			if err != nil || len(rs) == 0 {
				break
			}
			past := false
			for _, r := range rs {
				if r.Date.After(to) {
					past = true
					break
				}
				list = append(list, r)
			}
			if past {
				break
			}
			at, n = rs[len(rs)-1].At, min(n*2, 512)
		}
	}
	slices.SortStableFunc(list, func(x, y PreviewRun) int { return x.At.Compare(y.At) })
	list = slices.CompactFunc(list, func(x, y PreviewRun) bool { return x.At.Equal(y.At) })
	out := &fcRuns{runs: list, days: make([][]int32, len(list))}
	for i := range list {
		list[i].Tasks, _ = previewTasks(fa.assignment, anchors, list[i].Date) // the anchors never fail
		days := make([]int32, len(list[i].Tasks))
		for k, t := range list[i].Tasks {
			days[k] = -1
			if d := t.day(list[i]); !d.Before(from) && !d.After(to) {
				days[k] = int32(from.DaysUntil(d))
			}
		}
		out.days[i] = days
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
		fa.triggers = append(fa.triggers, fcTrigger{r.TriggerType, json.RawMessage(r.Data)})
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
		v     store.WorkflowVersion
		s     graph.Structure
		tasks []graph.Node
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
		pv := parsedVersion{v, st, st.TaskNodes()}
		vByWorkflow[v.WorkflowID] = pv
		for _, n := range pv.tasks {
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
		for _, n := range pv.tasks {
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
