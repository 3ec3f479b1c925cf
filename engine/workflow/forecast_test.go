package workflow_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/store"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
	"portico/engine/workflow/graph"
)

// forecastStructure: a task for the responsible person due two business days
// after the run starts, then a Payroll task for a named agent due on the 1st
// of the next month (holidays moving it).
func forecastStructure(agent uuid.UUID, payroll int64, field int64) []byte {
	return raw(map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"},
			map[string]any{"id": "t", "type": "task", "data": map[string]any{"title": "Book the month",
				"assignee": map[string]any{"type": "responsible"}, "dueDate": map[string]any{"type": "offset", "days": 2, "businessDays": true}}},
			map[string]any{"id": "u", "type": "task", "data": map[string]any{"title": "Pay the salaries", "categoryId": strconv.FormatInt(payroll, 10),
				"assignee": map[string]any{"type": "user", "userId": agent.String()},
				"dueDate":  map[string]any{"type": "anchor_date", "dynamicFieldId": strconv.FormatInt(field, 10)}}},
			map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "t"}, map[string]any{"id": "e2", "source": "t", "target": "u"},
			map[string]any{"id": "e3", "source": "u", "target": "e"}},
	})
}

type forecastFixture struct {
	env
	cw       workflow.CompanyWorkflow
	from, to graph.Date
}

// forecastSetup assigns a workflow to Acme Oy with a schedule on the 28th of
// each month and an anchor-date trigger on the company's pay day (the 15th),
// over next year as the window.
func forecastSetup(t *testing.T, name string) forecastFixture {
	t.Helper()
	e := setup(t)
	ctx := context.Background()
	var field int64 // the anchor date the Payroll task and the second trigger use: the 1st, or the 15th
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO dynamic_fields (category_id, name, title, field_type)
		VALUES ($1, $2, 'Pay day', 'anchor_date') RETURNING id`, e.seed.Categories["Accounting"].ID, "pay_day_"+uuid.NewString()[:8]).Scan(&field))
	acme := e.seed.Companies["Acme Oy"]
	_, err := e.st.Pool.Exec(ctx, `INSERT INTO dynamic_field_values (company_id, dynamic_field_id, value) VALUES ($1, $2, $3)`,
		acme.ID, field, `{"day_number": 15, "date_type": "day_of_month", "holiday_handling": "previous_weekday"}`)
	require.NoError(t, err)
	w, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr(name), ConsiderHolidays: ptr(true),
		CategoryID: ptr(e.seed.Categories["Accounting"].ID), Draft: ptr(false),
		Structure:  forecastStructure(e.seed.Users["agentadmin@portico.test"].UUID, e.seed.Categories["Payroll"].ID, field),
		CountryIDs: ptr([]int64{e.seed.Countries["fi"].ID, e.seed.Countries["se"].ID})})
	require.NoError(t, err)
	cw, err := e.svc.Assign(ctx, e.admin(), w.UUID, acme.UUID, e.seed.Countries["fi"].ID)
	require.NoError(t, err)
	year := time.Now().Year() + 1
	cw, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{
		{TriggerType: "manual"},
		{TriggerType: "schedule", Data: raw(map[string]any{"recurrencePattern": map[string]any{"type": "monthly", "timeOfDay": "08:00",
			"monthlyPattern": map[string]any{"type": "day_of_month", "day": 28}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
			"scheduleStartDate": "2025-01-01"})},
		{TriggerType: "anchor_date", Data: raw(map[string]any{"dynamicFieldId": strconv.FormatInt(field, 10), "timeOfDay": "09:00"})},
	})
	require.NoError(t, err)
	return forecastFixture{env: e, cw: cw, from: graph.NewDate(year, time.January, 1), to: graph.NewDate(year, time.December, 31)}
}

func (f forecastFixture) forecast(t *testing.T, email string, in workflow.ForecastInput) workflow.Forecast {
	t.Helper()
	if in.DateFrom.IsZero() {
		in.DateFrom, in.DateTo = f.from, f.to
	}
	if in.WorkflowIDs == nil {
		in.WorkflowIDs = []uuid.UUID{f.cw.Workflow.UUID}
	}
	out, err := f.svc.Forecast(context.Background(), f.seed.Users[email], false, in)
	require.NoError(t, err)
	return out
}

// The forecast is what the trigger process and the runs do: its runs are the
// chain of NextFire (the trigger process's next run after each run), and each
// of its tasks has the due date and the assignee that BeginTask gives the
// task when that run reaches it.
func TestForecastIsWhatTheRunsDo(t *testing.T) {
	t.Parallel()
	f := forecastSetup(t, "Forecast: what the runs do")
	ctx := context.Background()
	fc := f.forecast(t, "agent@portico.test", workflow.ForecastInput{Limit: 250})
	require.Less(t, len(fc.Tasks), 250, "one page holds the year")
	type planned struct {
		due      string
		assignee int64
	}
	byRun := map[time.Time]map[string]planned{}
	for _, task := range fc.Tasks {
		require.NotNil(t, task.DueDate, task.Title)
		assert.Equal(t, *task.DueDate, task.Day, "a task with a due date falls on it")
		assert.Empty(t, task.Problem)
		at := task.Run.At.UTC()
		if byRun[at] == nil {
			byRun[at] = map[string]planned{}
		}
		p := planned{due: task.DueDate.String()}
		if task.Assignee != nil {
			p.assignee = task.Assignee.ID
		}
		byRun[at][task.NodeID] = p
	}

	var matched int
	after := time.Now()
	for {
		fire, err := f.svc.NextFire(ctx, contract.NextFireInput{CompanyWorkflow: f.cw.UUID, After: after})
		require.NoError(t, err)
		require.True(t, fire.Found)
		if graph.DateOf(fire.At.In(helsinki)).After(f.to) {
			break
		}
		after = fire.At
		instance := uuid.New()
		created, err := f.svc.CreateScheduledRun(ctx, contract.ScheduledRunInput{CompanyWorkflow: f.cw.UUID, Trigger: fire.Trigger,
			Instance: instance})
		require.NoError(t, err)
		require.True(t, created)
		_, err = f.svc.BeginRun(ctx, instance)
		require.NoError(t, err)
		got := map[string]planned{}
		for _, node := range []string{"t", "u"} {
			res, err := f.svc.BeginTask(ctx, contract.BeginTaskInput{Instance: instance, Node: node, RunStart: fire.At})
			require.NoError(t, err)
			var due time.Time
			var responsible *int64
			require.NoError(t, f.st.Pool.QueryRow(ctx, `SELECT due_date, responsible_id FROM threads WHERE uuid = $1`, res.Thread).
				Scan(&due, &responsible))
			p := planned{due: graph.DateOf(due.In(helsinki)).String()}
			if responsible != nil {
				p.assignee = *responsible
			}
			if d, _ := graph.ParseDate(p.due); !d.Before(f.from) && !d.After(f.to) {
				got[node] = p
			}
		}
		want := byRun[fire.At.UTC()]
		if len(got) == 0 {
			assert.Empty(t, want, "a run at %s whose tasks all fall outside the window", fire.At)
			continue
		}
		assert.Equal(t, got, want, "the run at %s (%s)", fire.At, fire.Trigger)
		matched++
		delete(byRun, fire.At.UTC())
	}
	assert.Empty(t, byRun, "every run of the forecast is one the trigger process starts")
	assert.GreaterOrEqual(t, matched, 24, "a year of monthly schedule and pay-day runs")
	for _, task := range fc.Tasks {
		want := f.seed.Users["agent@portico.test"].ID // Acme Oy's responsible agent
		if task.NodeID == "u" {
			want = f.seed.Users["agentadmin@portico.test"].ID // the agent the task names
		}
		require.NotNil(t, task.Assignee)
		assert.Equal(t, want, task.Assignee.ID)
	}
}

func TestForecastCountsAndFilters(t *testing.T) {
	t.Parallel()
	f := forecastSetup(t, "Forecast: counts and filters")
	all := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{Limit: 250})
	require.NotZero(t, all.Total)
	assert.Len(t, all.Tasks, all.Total)
	sum := func(days []workflow.ForecastDay) (n int) {
		for _, d := range days {
			n += d.Count
		}
		return n
	}
	assert.Equal(t, all.Total, sum(all.Days), "the days add up")
	var byAssignee, byCategory int
	for _, l := range all.Assignees {
		assert.Equal(t, l.Total, sum(l.Days))
		byAssignee += l.Total
	}
	for _, l := range all.Categories {
		byCategory += l.Total
	}
	assert.Equal(t, all.Total, byAssignee)
	assert.Equal(t, all.Total, byCategory)
	require.Len(t, all.Assignees, 2)
	assert.Equal(t, "Aaro Agentadmin", all.Assignees[0].Assignee.Name, "by name")
	assert.Equal(t, "Alex Agent", all.Assignees[1].Assignee.Name)
	for i := 1; i < len(all.Tasks); i++ {
		assert.False(t, all.Tasks[i].Day.Before(all.Tasks[i-1].Day), "by day")
	}
	assert.Contains(t, all.Options.Workflows, f.cw.Workflow.Workflow)

	page := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{Page: 2, Limit: 5})
	assert.Equal(t, all.Total, page.Total)
	require.Len(t, page.Tasks, 5)
	for i, task := range page.Tasks {
		assert.Equal(t, all.Tasks[5+i].Run.At, task.Run.At)
		assert.Equal(t, all.Tasks[5+i].NodeID, task.NodeID)
	}

	payroll := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{CategoryIDs: []int64{f.seed.Categories["Payroll"].ID}, Limit: 250})
	aaro := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{AssigneeIDs: []uuid.UUID{f.seed.Users["agentadmin@portico.test"].UUID}, Limit: 250})
	require.NotZero(t, payroll.Total)
	assert.Equal(t, payroll.Total, aaro.Total, "the Payroll task is the named agent's")
	for _, task := range payroll.Tasks {
		assert.Equal(t, "Pay the salaries", task.Title)
		assert.Equal(t, "Payroll", task.Category.Name)
		assert.Equal(t, "u", task.NodeID)
	}
	for _, l := range all.Categories {
		if l.Category.Name == "Accounting" {
			assert.Equal(t, all.Total, payroll.Total+l.Total, "Accounting and Payroll")
		}
	}
	other := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{CompanyIDs: []uuid.UUID{f.seed.Companies["Borealis AB"].UUID}})
	assert.Zero(t, other.Total, "the workflow is Acme Oy's only")

	june, july := f.from.AddMonths(5), f.from.AddMonths(6)
	month := f.forecast(t, "agentadmin@portico.test", workflow.ForecastInput{DateFrom: june, DateTo: july.AddDays(-1)})
	inJune := 0
	for _, task := range all.Tasks {
		if !task.Day.Before(june) && task.Day.Before(july) {
			inJune++
		}
	}
	assert.Equal(t, inJune, month.Total, "a month's window holds the year's tasks of that month")
}

func TestForecastWindow(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	agent := e.seed.Users["agent@portico.test"]
	from := graph.NewDate(2030, time.March, 1)
	for _, tc := range []struct {
		name     string
		from, to graph.Date
		want     string
	}{
		{"one day", from, from, ""},
		{"twelve months", from, graph.NewDate(2031, time.February, 28), ""},
		{"longer than twelve months", from, graph.NewDate(2031, time.March, 1), "VALIDATION_ERROR:forecast_window_too_long"},
		{"ends before it starts", from, from.AddDays(-1), "VALIDATION_ERROR:invalid_date_range"},
		{"no start", graph.Date{}, from, "VALIDATION_ERROR:invalid_date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.svc.Forecast(ctx, agent, false, workflow.ForecastInput{DateFrom: tc.from, DateTo: tc.to})
			assert.Equal(t, tc.want, code(err))
		})
	}
}

// Customers get no forecast; staff see only the companies and the categories
// they may: another company's assignment never shows, and a company they do
// not see is not found.
func TestForecastAccess(t *testing.T) {
	t.Parallel()
	f := forecastSetup(t, "Forecast: access")
	ctx := context.Background()
	for _, email := range []string{"anna@acme.test", "eva@borealis.test"} {
		_, err := f.svc.Forecast(ctx, f.seed.Users[email], false, workflow.ForecastInput{DateFrom: f.from, DateTo: f.to})
		assert.Equal(t, "ACCESS_DENIED:access_denied", code(err), email)
	}
	kalev := f.seed.Companies["Kalev AS"]
	_, err := f.svc.Forecast(ctx, f.seed.Users["agent@portico.test"], false, workflow.ForecastInput{DateFrom: f.from, DateTo: f.to,
		CompanyIDs: []uuid.UUID{kalev.UUID}})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err), "a company the agent is not staff of")

	// the same workflow in Kalev AS (ee) shows to the global admin, not to the agents of Acme and Borealis
	require.NoError(t, f.st.WorkflowCountryAdd(ctx, store.WorkflowCountryAddParams{WorkflowID: f.cw.Workflow.ID,
		CountryID: f.seed.Countries["ee"].ID}))
	kcw, err := f.svc.Assign(ctx, f.admin(), f.cw.Workflow.UUID, kalev.UUID, f.seed.Countries["ee"].ID)
	require.NoError(t, err)
	_, err = f.svc.ManageTriggers(ctx, f.admin(), kcw.UUID, []workflow.TriggerInput{{TriggerType: "schedule",
		Data: raw(map[string]any{"recurrencePattern": map[string]any{"type": "weekly", "timeOfDay": "08:00",
			"weeklyPattern": map[string]any{"interval": 1, "weekdays": []string{"monday"}}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
			"scheduleStartDate": "2025-01-01"})}})
	require.NoError(t, err)
	companies := func(fc workflow.Forecast) map[string]int {
		out := map[string]int{}
		for _, task := range fc.Tasks {
			out[task.Company.Name]++
		}
		return out
	}
	admin := f.forecast(t, "admin@portico.test", workflow.ForecastInput{Limit: 250})
	assert.Positive(t, companies(admin)["Kalev AS"], "the global admin sees every company")
	for _, email := range []string{"agent@portico.test", "agentadmin@portico.test"} {
		fc := f.forecast(t, email, workflow.ForecastInput{Limit: 250})
		assert.Zero(t, companies(fc)["Kalev AS"], email)
		assert.Positive(t, companies(fc)["Acme Oy"], email)
		for _, c := range fc.Options.Companies {
			assert.NotEqual(t, "Kalev AS", c.Name, email)
		}
	}

	// a staff member of Acme Oy in Accounting only does not see the Payroll task
	var uid, puid int64
	require.NoError(t, f.st.Pool.QueryRow(ctx, `INSERT INTO users (email, name, user_type, user_role)
		VALUES ($1, 'Bookkeeper', 'portico_user', 'user') RETURNING id`, uuid.NewString()+"@portico.test").Scan(&uid))
	acme := f.seed.Companies["Acme Oy"]
	require.NoError(t, f.st.Pool.QueryRow(ctx, `INSERT INTO portico_users (company_id, user_id) VALUES ($1, $2) RETURNING id`,
		acme.ID, uid).Scan(&puid))
	_, err = f.st.Pool.Exec(ctx, `INSERT INTO portico_user_categories (company_id, portico_user_id, category_id) VALUES ($1, $2, $3)`,
		acme.ID, puid, f.seed.Categories["Accounting"].ID)
	require.NoError(t, err)
	bookkeeper, err := f.st.UserGet(ctx, uid)
	require.NoError(t, err)
	fc, err := f.svc.Forecast(ctx, bookkeeper, false, workflow.ForecastInput{DateFrom: f.from, DateTo: f.to,
		WorkflowIDs: []uuid.UUID{f.cw.Workflow.UUID}, Limit: 250})
	require.NoError(t, err)
	require.NotZero(t, fc.Total)
	for _, task := range fc.Tasks {
		assert.Equal(t, "Accounting", task.Category.Name)
	}
	for _, c := range fc.Options.Categories {
		assert.NotEqual(t, "Payroll", c.Name)
	}
	for _, u := range fc.Options.Assignees {
		assert.NotEqual(t, "Aaro Agentadmin", u.Name, "the Payroll task's assignee is not an option")
	}
}
