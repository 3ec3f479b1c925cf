package workflow

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// Run analytics for global admins: what the runs recorded in PostgreSQL say
// about a window of days, for one workflow or all of them. Every figure is
// counted when its event happened: a run when it started (was created), when
// it completed or was cancelled (its end), when it failed (its failed step's
// end; a failed run waits for a retry and has no end); a step when it
// completed; a task when it was closed (late: after its due date). Cycle
// times are start to end, of completed runs and completed steps, as the
// median and 90th percentile (PostgreSQL's percentile_cont).

// MaxInsightsMonths bounds the window of run analytics.
const MaxInsightsMonths = 24

// WeeklyInsightsDays: a window of at most this many days is counted per week
// (from Monday), a longer one per month.
const WeeklyInsightsDays = 92

// DefaultInsightsTimeZone is the zone the days of a window are read in when
// the request names none.
const DefaultInsightsTimeZone = "UTC"

// Error keys of run analytics.
const (
	KeyInsightsWindowTooLong = "insights_window_too_long"
	KeyInvalidTimeZone       = "invalid_time_zone"
)

// Buckets of the series.
const (
	BucketWeek  = "week"
	BucketMonth = "month"
)

// InsightsInput is the window DateFrom..DateTo (both included, days in
// TimeZone, "" for DefaultInsightsTimeZone) and, for one workflow, its
// version (nil: every version).
type InsightsInput struct {
	DateFrom, DateTo graph.Date
	TimeZone         string
	Version          *int
}

// InsightsRuns is what happened to runs: how many started, completed, failed
// and were cancelled, and the cycle time of the completed ones in seconds
// (nil when none completed).
type InsightsRuns struct {
	Started, Completed, Failed, Cancelled int
	CycleP50, CycleP90                    *float64
}

// InsightsTasks is how many tasks were closed and how many of them after
// their due date; LateSeconds is by how long those were late, in all.
type InsightsTasks struct {
	Completed, Late int
	LateSeconds     float64
}

// AverageDaysLate is how many days the late tasks were late on average (nil
// when none was).
func (t InsightsTasks) AverageDaysLate() *float64 {
	if t.Late == 0 {
		return nil
	}
	d := t.LateSeconds / float64(t.Late) / 86400
	return &d
}

func (t *InsightsTasks) add(o InsightsTasks) {
	t.Completed += o.Completed
	t.Late += o.Late
	t.LateSeconds += o.LateSeconds
}

// InsightsRow is one workflow version's figures (the table; its CSV export).
type InsightsRow struct {
	Workflow Workflow
	Version  int
	InsightsRuns
	Tasks InsightsTasks
}

// InsightsBucket is the runs of one week or month; Start is its first day.
type InsightsBucket struct {
	Start graph.Date
	InsightsRuns
}

// InsightsStep is one step (node) of a workflow: how many times it
// completed in the window and how long it took, and its tasks.
type InsightsStep struct {
	NodeID, NodeType, Title string
	// Drawn: the node is on the version the canvas draws.
	Drawn     bool
	Completed int
	P50, P90  *float64
	Tasks     InsightsTasks
}

// InsightsLate is the tasks of one company (Company set) or one step of a
// workflow (Workflow, NodeID and Title set).
type InsightsLate struct {
	Company  *org.Company
	Workflow *Workflow
	NodeID   string
	Title    string
	InsightsTasks
}

// Insights is the analytics of a window.
type Insights struct {
	DateFrom, DateTo graph.Date
	TimeZone         string
	Bucket           string
	// Workflow, Versions (published, newest first) and Drawn (the version the
	// canvas draws: the one asked for, else the latest) are set for one workflow.
	Workflow *Workflow
	Versions []int
	Drawn    *store.WorkflowVersion
	Total    InsightsRow
	Rows     []InsightsRow
	Series   []InsightsBucket
	// Steps is set for one workflow: the drawn version's nodes in its order,
	// then the other versions' nodes that have figures.
	Steps         []InsightsStep
	LateByCompany []InsightsLate
	LateByStep    []InsightsLate
}

// WorkflowInsights is the run analytics of one workflow (global admins).
func (s *Service) WorkflowInsights(ctx context.Context, req org.Request, id uuid.UUID, in InsightsInput) (Insights, error) {
	w, err := s.Workflow(ctx, req.User, id)
	if err != nil {
		return Insights{}, err
	}
	if err := checkInsights(in); err != nil {
		return Insights{}, err
	}
	nums, err := s.st.WorkflowVersionNumbers(ctx, w.ID)
	if err != nil {
		return Insights{}, err
	}
	drawn := 0
	switch {
	case in.Version != nil && !slices.Contains(nums, int32(*in.Version)):
		return Insights{}, apperr.NotFound("workflow_version")
	case in.Version != nil:
		drawn = *in.Version
	case len(nums) > 0:
		drawn = int(nums[0])
	}
	sc, err := s.scope(ctx, req, &w, in)
	if err != nil {
		return Insights{}, err
	}
	out, err := s.insights(ctx, sc, &w, in)
	if err != nil {
		return Insights{}, err
	}
	out.Workflow, out.Versions = &w, make([]int, len(nums))
	for i, n := range nums {
		out.Versions[i] = int(n)
	}
	return out, s.insightSteps(ctx, sc, &out, drawn)
}

// WorkflowsInsights is the run analytics of every workflow (global admins).
func (s *Service) WorkflowsInsights(ctx context.Context, req org.Request, in InsightsInput) (Insights, error) {
	if err := requireAdmin(req.User); err != nil {
		return Insights{}, err
	}
	in.Version = nil
	if err := checkInsights(in); err != nil {
		return Insights{}, err
	}
	sc, err := s.scope(ctx, req, nil, in)
	if err != nil {
		return Insights{}, err
	}
	return s.insights(ctx, sc, nil, in)
}

// checkInsights refuses a window that ends before it starts or is longer
// than MaxInsightsMonths, and a zone PostgreSQL and Go may not read alike.
func checkInsights(in InsightsInput) error {
	if err := checkWindowOf(in.DateFrom, in.DateTo, MaxInsightsMonths, KeyInsightsWindowTooLong); err != nil {
		return err
	}
	if _, err := insightsZone(in.TimeZone); err != nil {
		return err
	}
	return nil
}

// insightsZone is the window's zone: an IANA name of a region or UTC.
func insightsZone(name string) (*time.Location, error) {
	if name == "" {
		name = DefaultInsightsTimeZone
	}
	if name != "UTC" && !strings.Contains(name, "/") {
		return nil, apperr.Invalid("timeZone", KeyInvalidTimeZone)
	}
	loc, err := graph.LoadLocation(name)
	if err != nil {
		return nil, apperr.Invalid("timeZone", KeyInvalidTimeZone)
	}
	return loc, nil
}

// insightsScope is a request's window as instants and buckets.
type insightsScope struct {
	companies  []org.CompanyAccess
	companyIDs []int64
	from, to   time.Time
	zone       string
	bucket     string
	workflowID *int64
	version    *int32
}

func (s *Service) scope(ctx context.Context, req org.Request, w *Workflow, in InsightsInput) (insightsScope, error) {
	loc, err := insightsZone(in.TimeZone)
	if err != nil {
		return insightsScope{}, err
	}
	companies, err := s.companiesWith(ctx, req.User, req.AdminPanel, access.ActionRead, access.SubjectWorkflowInstance)
	if err != nil {
		return insightsScope{}, err
	}
	sc := insightsScope{companies: companies, companyIDs: make([]int64, len(companies)), zone: loc.String(),
		from: in.DateFrom.At(graph.TimeOfDay{}, loc), to: in.DateTo.AddDays(1).At(graph.TimeOfDay{}, loc),
		bucket: insightsBucket(in.DateFrom, in.DateTo)}
	for i, c := range companies {
		sc.companyIDs[i] = c.Company.ID
	}
	if w != nil {
		sc.workflowID = &w.ID
	}
	if in.Version != nil {
		v := int32(*in.Version)
		sc.version = &v
	}
	return sc, nil
}

// insightsBucket is the series' bucket for a window.
func insightsBucket(from, to graph.Date) string {
	if from.DaysUntil(to) < WeeklyInsightsDays {
		return BucketWeek
	}
	return BucketMonth
}

// bucketStarts is the first day of every bucket the window touches.
func bucketStarts(from, to graph.Date, bucket string) []graph.Date {
	var out []graph.Date
	if bucket == BucketWeek {
		d := from.AddDays(-((int(from.Weekday()) + 6) % 7))
		for ; !d.After(to); d = d.AddDays(7) {
			out = append(out, d)
		}
		return out
	}
	for d := graph.NewDate(from.Year, from.Month, 1); !d.After(to); d = d.AddMonths(1) {
		out = append(out, d)
	}
	return out
}

func (s *Service) insights(ctx context.Context, sc insightsScope, w *Workflow, in InsightsInput) (Insights, error) {
	out := Insights{DateFrom: in.DateFrom, DateTo: in.DateTo, TimeZone: sc.zone, Bucket: sc.bucket,
		Rows: []InsightsRow{}, Series: []InsightsBucket{}, Steps: []InsightsStep{}, LateByCompany: []InsightsLate{},
		LateByStep: []InsightsLate{}, Versions: []int{}}
	runs, err := s.st.WorkflowInsightsRuns(ctx, store.WorkflowInsightsRunsParams{CompanyIds: sc.companyIDs,
		WorkflowID: sc.workflowID, DateFrom: sc.from, DateTo: sc.to, Bucket: sc.bucket, TimeZone: sc.zone, Version: sc.version})
	if err != nil {
		return Insights{}, err
	}
	tasks, err := s.st.WorkflowInsightsTasks(ctx, store.WorkflowInsightsTasksParams{DateFrom: sc.from, DateTo: sc.to,
		CompanyIds: sc.companyIDs, WorkflowID: sc.workflowID, Version: sc.version})
	if err != nil {
		return Insights{}, err
	}
	type rowKey struct {
		workflow int64
		version  int
	}
	rows := map[rowKey]*InsightsRow{}
	var workflowIDs []int64
	row := func(k rowKey) *InsightsRow {
		if r, ok := rows[k]; ok {
			return r
		}
		r := &InsightsRow{Version: k.version}
		rows[k] = r
		if !slices.Contains(workflowIDs, k.workflow) {
			workflowIDs = append(workflowIDs, k.workflow)
		}
		return r
	}
	buckets := map[string]InsightsRuns{}
	for _, r := range runs {
		figures := runFigures(r)
		switch r.Level {
		case 3:
			buckets[r.Bucket] = figures
		case 4:
			row(rowKey{r.WorkflowID, int(r.Version)}).InsightsRuns = figures
		case 7:
			out.Total.InsightsRuns = figures
		}
	}
	for _, d := range bucketStarts(in.DateFrom, in.DateTo, sc.bucket) {
		out.Series = append(out.Series, InsightsBucket{Start: d, InsightsRuns: buckets[d.String()]})
	}
	byCompany := map[int64]*InsightsTasks{}
	type stepKey struct {
		workflow int64
		node     string
	}
	byStep := map[stepKey]*InsightsTasks{}
	var stepOrder []stepKey
	for _, t := range tasks {
		figures := InsightsTasks{Completed: int(t.Completed), Late: int(t.Late), LateSeconds: t.LateSeconds}
		row(rowKey{t.WorkflowID, int(t.Version)}).Tasks.add(figures)
		out.Total.Tasks.add(figures)
		if byCompany[t.CompanyID] == nil {
			byCompany[t.CompanyID] = &InsightsTasks{}
		}
		byCompany[t.CompanyID].add(figures)
		k := stepKey{t.WorkflowID, t.NodeID}
		if byStep[k] == nil {
			byStep[k] = &InsightsTasks{}
			stepOrder = append(stepOrder, k)
		}
		byStep[k].add(figures)
	}
	workflows, err := s.insightWorkflows(ctx, w, workflowIDs)
	if err != nil {
		return Insights{}, err
	}
	for k, r := range rows {
		r.Workflow = workflows[k.workflow]
		out.Rows = append(out.Rows, *r)
	}
	slices.SortFunc(out.Rows, func(a, b InsightsRow) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a.Workflow.Name), strings.ToLower(b.Workflow.Name)),
			cmp.Compare(a.Workflow.ID, b.Workflow.ID), cmp.Compare(b.Version, a.Version))
	})
	for _, c := range sc.companies {
		if t := byCompany[c.Company.ID]; t != nil {
			company := c.Company
			out.LateByCompany = append(out.LateByCompany, InsightsLate{Company: &company, InsightsTasks: *t})
		}
	}
	sortLate(out.LateByCompany, func(l InsightsLate) string { return l.Company.Name })
	titles, err := s.nodeTitles(ctx, tasks)
	if err != nil {
		return Insights{}, err
	}
	for _, k := range stepOrder {
		wf := workflows[k.workflow]
		out.LateByStep = append(out.LateByStep, InsightsLate{Workflow: &wf, NodeID: k.node,
			Title: titles[k.workflow][k.node], InsightsTasks: *byStep[k]})
	}
	sortLate(out.LateByStep, func(l InsightsLate) string { return l.Workflow.Name + "\x00" + l.Title + "\x00" + l.NodeID })
	return out, nil
}

// sortLate puts the most late first, then by name.
func sortLate(list []InsightsLate, name func(InsightsLate) string) {
	slices.SortFunc(list, func(a, b InsightsLate) int {
		return cmp.Or(cmp.Compare(b.Late, a.Late), cmp.Compare(b.Completed, a.Completed),
			cmp.Compare(strings.ToLower(name(a)), strings.ToLower(name(b))))
	})
}

func runFigures(r store.WorkflowInsightsRunsRow) InsightsRuns {
	f := InsightsRuns{Started: int(r.Started), Completed: int(r.Completed), Failed: int(r.Failed), Cancelled: int(r.Cancelled)}
	if r.Completed > 0 {
		f.CycleP50, f.CycleP90 = ptr(r.CycleP50), ptr(r.CycleP90)
	}
	return f
}

// insightWorkflows are the workflows of the rows, decorated as the workflows
// list shows them (deleted ones too: their runs still count).
func (s *Service) insightWorkflows(ctx context.Context, w *Workflow, ids []int64) (map[int64]Workflow, error) {
	out := map[int64]Workflow{}
	if w != nil {
		out[w.ID] = *w
		return out, nil
	}
	rows, err := s.st.WorkflowGetByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	list, err := s.decorate(ctx, rows)
	if err != nil {
		return nil, err
	}
	for _, x := range list {
		out[x.ID] = x
	}
	return out, nil
}

// nodeTitles names the steps of the task rows: each node's title in the
// latest version of its workflow that has it among those with tasks. One
// query for every workflow's versions.
func (s *Service) nodeTitles(ctx context.Context, tasks []store.WorkflowInsightsTasksRow) (map[int64]map[string]string, error) {
	type pair struct {
		workflow int64
		version  int32
	}
	seen := map[pair]bool{}
	var workflowIDs []int64
	var nums []int32
	for _, t := range tasks {
		if p := (pair{t.WorkflowID, t.Version}); !seen[p] {
			seen[p] = true
			workflowIDs, nums = append(workflowIDs, t.WorkflowID), append(nums, t.Version)
		}
	}
	out := map[int64]map[string]string{}
	if len(workflowIDs) == 0 {
		return out, nil
	}
	list, err := s.st.WorkflowVersionGetPairs(ctx, store.WorkflowVersionGetPairsParams{WorkflowIds: workflowIDs, Versions: nums})
	if err != nil {
		return nil, err
	}
	byWorkflow := map[int64][]store.WorkflowVersion{}
	for _, v := range list {
		byWorkflow[v.WorkflowID] = append(byWorkflow[v.WorkflowID], v)
	}
	for id, versions := range byWorkflow {
		out[id] = map[string]string{}
		for _, n := range nodesOf(versions) {
			out[id][n.ID] = nodeTitle(n)
		}
	}
	return out, nil
}

// nodesOf is the nodes of versions, each from the latest version that has it.
func nodesOf(versions []store.WorkflowVersion) map[string]graph.Node {
	slices.SortFunc(versions, func(a, b store.WorkflowVersion) int { return cmp.Compare(a.Version, b.Version) })
	out := map[string]graph.Node{}
	for _, v := range versions {
		st, err := graph.ParseStructure(v.Structure)
		if err != nil {
			continue // a version that does not parse names no steps
		}
		for _, n := range st.Nodes {
			out[n.ID] = n
		}
	}
	return out
}

// nodeTitle is what a step is called: a task's title, else the node's label.
func nodeTitle(n graph.Node) string {
	if n.Task != nil && n.Task.Title != "" {
		return n.Task.Title
	}
	return n.Label
}

// insightSteps fills one workflow's steps: the drawn version's nodes in its
// order, then any other node with figures.
func (s *Service) insightSteps(ctx context.Context, sc insightsScope, out *Insights, drawn int) error {
	rows, err := s.st.WorkflowInsightsSteps(ctx, store.WorkflowInsightsStepsParams{DateFrom: sc.from, DateTo: sc.to,
		CompanyIds: sc.companyIDs, WorkflowID: out.Workflow.ID, Version: sc.version})
	if err != nil {
		return err
	}
	nums := []int32{}
	for _, v := range out.Versions {
		nums = append(nums, int32(v))
	}
	versions, err := s.st.WorkflowVersionGetNumbers(ctx, store.WorkflowVersionGetNumbersParams{WorkflowID: out.Workflow.ID,
		Versions: nums})
	if err != nil {
		return err
	}
	known := nodesOf(versions)
	var order []string
	for _, v := range versions {
		if int(v.Version) != drawn {
			continue
		}
		out.Drawn = &v
		if st, err := graph.ParseStructure(v.Structure); err == nil {
			for _, n := range st.Nodes {
				order = append(order, n.ID)
				known[n.ID] = n
			}
		}
	}
	steps := map[string]*InsightsStep{}
	step := func(id string) *InsightsStep {
		if st, ok := steps[id]; ok {
			return st
		}
		n := known[id]
		st := &InsightsStep{NodeID: id, NodeType: string(n.Type), Title: nodeTitle(n), Drawn: slices.Contains(order, id)}
		steps[id] = st
		return st
	}
	for _, id := range order {
		step(id)
	}
	for _, r := range rows {
		st := step(r.NodeID)
		st.Completed = int(r.Completed)
		st.P50, st.P90 = ptr(r.P50), ptr(r.P90)
	}
	for _, l := range out.LateByStep {
		step(l.NodeID).Tasks = l.InsightsTasks
	}
	for _, id := range order {
		out.Steps = append(out.Steps, *steps[id])
	}
	var others []InsightsStep
	for id, st := range steps {
		if !slices.Contains(order, id) {
			others = append(others, *st)
		}
	}
	slices.SortFunc(others, func(a, b InsightsStep) int { return cmp.Compare(a.NodeID, b.NodeID) })
	out.Steps = append(out.Steps, others...)
	return nil
}
