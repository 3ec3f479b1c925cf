package graph

import (
	"portico/api/graph/model"
	"portico/engine/workflow"
)

// insightsInput reads a window of run analytics.
func (a *args) insightsInput(dateFrom, dateTo string, timeZone *string) workflow.InsightsInput {
	in := workflow.InsightsInput{TimeZone: value(timeZone)}
	in.DateFrom, in.DateTo = a.date(dateFrom, "dateFrom"), a.date(dateTo, "dateTo")
	return in
}

func insightsModel(in workflow.Insights) *model.WorkflowInsights {
	m := &model.WorkflowInsights{DateFrom: wfDate(in.DateFrom), DateTo: wfDate(in.DateTo), TimeZone: in.TimeZone,
		Bucket: in.Bucket, Versions: in.Versions, Total: insightsRow(in.Total, false),
		Rows: mapAll(in.Rows, func(r workflow.InsightsRow) *model.WorkflowInsightsRow { return insightsRow(r, true) }),
		Series: mapAll(in.Series, func(b workflow.InsightsBucket) *model.WorkflowInsightsBucket {
			return &model.WorkflowInsightsBucket{Start: wfDate(b.Start), RunsStarted: b.Started, RunsCompleted: b.Completed,
				RunsFailed: b.Failed, RunsCancelled: b.Cancelled, CycleTimeP50: b.CycleP50, CycleTimeP90: b.CycleP90}
		}),
		Steps: mapAll(in.Steps, func(s workflow.InsightsStep) *model.WorkflowInsightsStep {
			return &model.WorkflowInsightsStep{NodeID: s.NodeID, NodeType: s.NodeType, Title: s.Title, Drawn: s.Drawn,
				Completed: s.Completed, CycleTimeP50: s.P50, CycleTimeP90: s.P90, TasksCompleted: s.Tasks.Completed,
				TasksLate: s.Tasks.Late, AverageDaysLate: s.Tasks.AverageDaysLate()}
		}),
		LateByCompany: mapAll(in.LateByCompany, insightsLate), LateByStep: mapAll(in.LateByStep, insightsLate)}
	if in.Workflow != nil {
		m.Workflow = wfWorkflow(*in.Workflow)
	}
	if in.Drawn != nil {
		v := int(in.Drawn.Version)
		m.Version, m.Structure = &v, rawJSON(in.Drawn.Structure)
	}
	return m
}

// insightsRow is a row of the table, or (of a version false) the total.
func insightsRow(r workflow.InsightsRow, ofVersion bool) *model.WorkflowInsightsRow {
	m := &model.WorkflowInsightsRow{RunsStarted: r.Started, RunsCompleted: r.Completed, RunsFailed: r.Failed,
		RunsCancelled: r.Cancelled, CycleTimeP50: r.CycleP50, CycleTimeP90: r.CycleP90, TasksCompleted: r.Tasks.Completed,
		TasksLate: r.Tasks.Late, AverageDaysLate: r.Tasks.AverageDaysLate()}
	if ofVersion {
		v := r.Version
		m.Workflow, m.Version = wfWorkflow(r.Workflow), &v
	}
	return m
}

func insightsLate(l workflow.InsightsLate) *model.WorkflowInsightsLate {
	m := &model.WorkflowInsightsLate{TasksCompleted: l.Completed, TasksLate: l.Late, AverageDaysLate: l.AverageDaysLate()}
	if l.Company != nil {
		m.Company = wfCompany(*l.Company)
	}
	if l.Workflow != nil {
		node, title := l.NodeID, l.Title
		m.Workflow, m.NodeID, m.Title = wfWorkflow(*l.Workflow), &node, &title
	}
	return m
}
