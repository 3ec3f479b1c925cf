package graph

import (
	"strconv"
	"time"

	"portico/api/graph/model"
	"portico/engine/apperr"
	"portico/engine/org"
	"portico/engine/workflow"
	wfgraph "portico/engine/workflow/graph"
)

// date reads a required YYYY-MM-DD date (malformed: VALIDATION_ERROR
// invalid_date on the argument).
func (a *args) date(s, field string) wfgraph.Date {
	if a.err != nil {
		return wfgraph.Date{}
	}
	d, err := wfgraph.ParseDate(s)
	if err != nil {
		a.err = apperr.Invalid(field, workflow.KeyInvalidDate)
	}
	return d
}

func forecastModel(f workflow.Forecast) *model.WorkflowForecast {
	m := &model.WorkflowForecast{DateFrom: wfDate(f.DateFrom), DateTo: wfDate(f.DateTo), TotalCount: f.Total,
		Days: forecastDays(f.Days), Assignees: []*model.WorkflowForecastAssigneeLoad{},
		Categories: []*model.WorkflowForecastCategoryLoad{}, Tasks: mapAll(f.Tasks, forecastTask),
		Options: &model.WorkflowForecastOptions{Companies: mapAll(f.Options.Companies, wfCompany),
			Categories: mapAll(f.Options.Categories, Category), Assignees: mapAll(f.Options.Assignees, staffUser),
			Workflows: mapAll(f.Options.Workflows, func(w workflow.ForecastWorkflow) *model.WorkflowForecastWorkflow {
				return &model.WorkflowForecastWorkflow{UUID: w.UUID.String(), Name: w.Name}
			})}}
	for _, l := range f.Assignees {
		al := &model.WorkflowForecastAssigneeLoad{Total: l.Total, Days: forecastDays(l.Days)}
		if l.Assignee != nil {
			al.Assignee = staffUser(*l.Assignee)
		}
		m.Assignees = append(m.Assignees, al)
	}
	for _, l := range f.Categories {
		m.Categories = append(m.Categories, &model.WorkflowForecastCategoryLoad{Category: Category(*l.Category),
			Total: l.Total, Days: forecastDays(l.Days)})
	}
	return m
}

func staffUser(u org.User) *model.User { return User(u, false) }

func forecastDays(days []workflow.ForecastDay) []*model.WorkflowForecastDay {
	return mapAll(days, func(d workflow.ForecastDay) *model.WorkflowForecastDay {
		return &model.WorkflowForecastDay{Date: wfDate(d.Date), Count: d.Count}
	})
}

func forecastTask(t workflow.ForecastTask) *model.WorkflowForecastTask {
	m := &model.WorkflowForecastTask{Date: wfDate(t.Day), NodeID: t.NodeID, Title: t.Title, Company: wfCompany(t.Company),
		CompanyWorkflowID: t.CompanyWorkflow.String(), WorkflowID: t.Workflow.UUID.String(), WorkflowName: t.Workflow.Name,
		Category: Category(t.Category), TriggerType: t.Run.TriggerType, RunAt: t.Run.At.UTC().Truncate(time.Second),
		RunDate: wfDate(t.Run.Date), RunNominalDate: wfDate(t.Run.Nominal), RunMovedOver: wfMoved(t.Run.Moved),
		DueDate: wfOptDate(t.DueDate), NominalDueDate: wfOptDate(t.Nominal), DueMovedOver: wfMoved(t.Moved)}
	if t.Assignee != nil {
		m.Assignee = staffUser(*t.Assignee)
	}
	switch {
	case t.Problem != "":
		p := t.Problem
		m.Problem = &p
	case t.CategoryInactive:
		p := "invalid_category"
		m.Problem = &p
	}
	return m
}

func upcomingTask(t workflow.ForecastTask) *model.UpcomingTask {
	return &model.UpcomingTask{ID: t.CompanyWorkflow.String() + ":" + strconv.FormatInt(t.Run.At.Unix(), 10) + ":" + t.NodeID, Date: wfDate(t.Day),
		Title: t.Title, Company: wfCompany(t.Company), WorkflowName: t.Workflow.Name, Category: Category(t.Category),
		RunDate: wfDate(t.Run.Date), DueDate: wfOptDate(t.DueDate), NominalDueDate: wfOptDate(t.Nominal),
		DueMovedOver: wfMoved(t.Moved)}
}
