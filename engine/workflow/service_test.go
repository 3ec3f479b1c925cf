package workflow_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/apperr"
	"portico/engine/store"
	"portico/engine/workflow"
	"portico/engine/workflow/contract"
)

func TestPublishKeepsVersions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	draft, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr("Versioned draft"),
		CategoryID: ptr(e.seed.Categories["Accounting"].ID), Structure: raw(map[string]any{"nodes": []any{}, "edges": []any{}}),
		Tags: ptr([]string{"#payroll", "payroll", " monthly "})})
	require.NoError(t, err, "an incomplete draft can be saved")
	assert.True(t, draft.Draft)
	assert.Nil(t, draft.Version)
	assert.Equal(t, []string{"payroll", "monthly"}, draft.Tags)

	pub, err := e.svc.UpdateWorkflow(ctx, e.admin(), draft.UUID, workflow.WorkflowInput{Structure: simple(false), Draft: ptr(false),
		CountryIDs: ptr([]int64{e.seed.Countries["fi"].ID})})
	require.NoError(t, err)
	require.NotNil(t, pub.Version)
	assert.EqualValues(t, 1, pub.Version.Version)

	cw, err := e.svc.Assign(ctx, e.admin(), pub.UUID, e.seed.Companies["Acme Oy"].UUID, e.seed.Countries["fi"].ID)
	require.NoError(t, err)
	run, err := e.svc.Start(ctx, e.admin(), cw.UUID, nil)
	require.NoError(t, err)
	assert.Equal(t, contract.StatePending, run.State)
	assert.EqualValues(t, 1, run.TotalStepsCount)
	assert.Contains(t, e.runner.Calls(), "start:"+run.UUID.String())

	// an edit publishes version 2; the run keeps version 1
	two := json.RawMessage(string(simple(false)))
	var s map[string]any
	require.NoError(t, json.Unmarshal(two, &s))
	s["nodes"].([]any)[1].(map[string]any)["data"].(map[string]any)["title"] = "Do it better"
	upd, err := e.svc.UpdateWorkflow(ctx, e.admin(), pub.UUID, workflow.WorkflowInput{Structure: raw(s)})
	require.NoError(t, err)
	assert.EqualValues(t, 2, upd.Version.Version)
	same, err := e.svc.UpdateWorkflow(ctx, e.admin(), pub.UUID, workflow.WorkflowInput{Label: ptr("no structure change")})
	require.NoError(t, err)
	assert.EqualValues(t, 2, same.Version.Version, "no new version without a structure change")
	d, err := e.svc.Instance(ctx, e.seed.Users["admin@portico.test"], true, nil, run.UUID)
	require.NoError(t, err)
	assert.EqualValues(t, 1, d.Version.Version, "the run keeps the version it started with")
	assert.False(t, upd.CanEditGeneralInfo(), "assigned: category and countries are locked")
}

// TestBadInputChangesNothing is not parallel: it compares row counts of the
// whole package database, which parallel tests would change meanwhile.
func TestBadInputChangesNothing(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	acme := e.seed.Companies["Acme Oy"]
	kalev := e.seed.Companies["Kalev AS"]
	withParams := e.assigned(t, "Bad input: with parameters", true)
	plain := e.assigned(t, "Bad input: plain", false)
	published := e.published(t, "Bad input: published", false)
	// an anchor-date field of another category than the workflows' (Accounting)
	var payrollField int64
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO dynamic_fields (category_id, name, title, field_type)
		VALUES ($1, 'payroll_day_bad', 'Payroll day', 'anchor_date') RETURNING id`, e.seed.Categories["Payroll"].ID).Scan(&payrollField))
	var closingField int64 // one of the workflows' category
	require.NoError(t, e.st.Pool.QueryRow(ctx, `INSERT INTO dynamic_fields (category_id, name, title, field_type)
		VALUES ($1, 'closing_day_bad', 'Closing day', 'anchor_date') RETURNING id`, e.seed.Categories["Accounting"].ID).Scan(&closingField))
	offsetBy := func(off any) func() error {
		return func() error {
			_, err := e.svc.ManageTriggers(ctx, e.admin(), plain.UUID, []workflow.TriggerInput{{TriggerType: "anchor_date",
				Data: raw(map[string]any{"dynamicFieldId": closingField, "offsetDays": off, "timeOfDay": "08:00"})}})
			return err
		}
	}
	onOffsetDays := func(t *testing.T, err error) {
		e, ok := apperr.As(err)
		require.True(t, ok)
		assert.Equal(t, "data.offsetDays", e.Field)
	}
	completed, err := e.svc.Start(ctx, e.admin(), plain.UUID, nil)
	require.NoError(t, err)
	_, err = e.st.Pool.Exec(ctx, `UPDATE workflow_instances SET state = 'completed', ended_at = now() WHERE uuid = $1`, completed.UUID)
	require.NoError(t, err)
	running, err := e.svc.Start(ctx, e.admin(), withParams.UUID, raw(map[string]any{"period": "2026-10"}))
	require.NoError(t, err)
	_, err = e.st.Pool.Exec(ctx, `UPDATE workflow_instances SET state = 'running' WHERE uuid = $1`, running.UUID)
	require.NoError(t, err)

	unreachable := raw(map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"}, map[string]any{"id": "x", "type": "task",
			"data": map[string]any{"title": "Lost", "assignee": map[string]any{"type": "nobody"}}}, map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "e"}}})
	twoStarts := raw(map[string]any{
		"nodes": []any{map[string]any{"id": "s", "type": "start"}, map[string]any{"id": "s2", "type": "start"}, map[string]any{"id": "e", "type": "end"}},
		"edges": []any{map[string]any{"id": "e1", "source": "s", "target": "e"}, map[string]any{"id": "e2", "source": "s2", "target": "e"}}})
	schedule := raw(map[string]any{"recurrencePattern": map[string]any{"type": "daily", "timeOfDay": "08:00",
		"dailyPattern": map[string]any{"type": "every_weekday"}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate": "2026-01-01"})
	accounting := e.seed.Categories["Accounting"].ID

	cases := []struct {
		name string
		do   func() error
		want string
		// detail checks the error's details
		detail func(t *testing.T, err error)
	}{
		{"invalid structure JSON", func() error {
			_, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr("Broken"), CategoryID: &accounting,
				Structure: json.RawMessage(`{"nodes": [{"id": "a", "type": "teleport"}], "edges": []}`)})
			return err
		}, "VALIDATION_ERROR:invalid_structure", nil},
		{"an unreachable node on publish", func() error {
			_, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr("Unreachable"), CategoryID: &accounting,
				Structure: unreachable, Draft: ptr(false)})
			return err
		}, "VALIDATION_ERROR:invalid_graph", func(t *testing.T, err error) {
			e, _ := apperr.As(err)
			se := e.Details["structure"].(workflow.StructureErrors)
			assert.Contains(t, se.Graph.Codes("x"), "unreachable", "the error is on the node")
		}},
		{"a second start on publish", func() error {
			_, err := e.svc.UpdateWorkflow(ctx, e.admin(), published.UUID, workflow.WorkflowInput{Structure: twoStarts})
			return err
		}, "VALIDATION_ERROR:invalid_graph", nil},
		{"a name taken (any case)", func() error {
			_, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr("BAD INPUT: PLAIN"), CategoryID: &accounting})
			return err
		}, "VALIDATION_ERROR:name_has_already_been_taken", nil},
		{"a blank name", func() error {
			_, err := e.svc.CreateWorkflow(ctx, e.admin(), workflow.WorkflowInput{Name: ptr("  "), CategoryID: &accounting})
			return err
		}, "VALIDATION_ERROR:can't_be_blank", nil},
		{"a published workflow back to draft", func() error {
			_, err := e.svc.UpdateWorkflow(ctx, e.admin(), published.UUID, workflow.WorkflowInput{Draft: ptr(true)})
			return err
		}, "ARGUMENT_ERROR:published_workflow_cannot_become_draft", nil},
		{"a workflow by a non-admin", func() error {
			_, err := e.svc.CreateWorkflow(ctx, e.req("agentadmin@portico.test"), workflow.WorkflowInput{Name: ptr("Agent's"), CategoryID: &accounting})
			return err
		}, "ACCESS_DENIED:access_denied", nil},
		{"a schedule trigger on a workflow with parameters", func() error {
			_, err := e.svc.ManageTriggers(ctx, e.admin(), withParams.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: schedule}})
			return err
		}, "VALIDATION_ERROR:schedule_trigger_unavailable_with_parameters", nil},
		{"an anchor field of another category", func() error {
			_, err := e.svc.ManageTriggers(ctx, e.admin(), plain.UUID, []workflow.TriggerInput{{TriggerType: "anchor_date",
				Data: raw(map[string]any{"dynamicFieldId": payrollField, "timeOfDay": "08:00"})}})
			return err
		}, "VALIDATION_ERROR:anchor_date_field_category_mismatch", nil},
		{"an anchor offset beyond a year", offsetBy(366), "ARGUMENT_ERROR:invalid_offset_days", onOffsetDays},
		{"an anchor offset beyond a year before", offsetBy(-366), "ARGUMENT_ERROR:invalid_offset_days", onOffsetDays},
		{"an anchor offset of part of a day", offsetBy(1.5), "ARGUMENT_ERROR:invalid_offset_days", onOffsetDays},
		{"an anchor offset that is not a number", offsetBy("three"), "ARGUMENT_ERROR:invalid_offset_days", onOffsetDays},
		{"a bad trigger among good ones", func() error {
			_, err := e.svc.ManageTriggers(ctx, e.admin(), plain.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: schedule},
				{TriggerType: "schedule", Data: raw(map[string]any{"recurrencePattern": map[string]any{"type": "hourly"}})}})
			return err
		}, "VALIDATION_ERROR:invalid_schedule", nil},
		{"an unknown trigger type", func() error {
			_, err := e.svc.ManageTriggers(ctx, e.admin(), plain.UUID, []workflow.TriggerInput{{TriggerType: "webhook"}})
			return err
		}, "VALIDATION_ERROR:invalid_trigger", nil},
		{"a duplicate assignment", func() error {
			_, err := e.svc.Assign(ctx, e.admin(), withParams.Workflow.UUID, acme.UUID, e.seed.Countries["fi"].ID)
			return err
		}, "ARGUMENT_ERROR:workflow_already_assigned_to_company", nil},
		{"a country the company does not have", func() error {
			_, err := e.svc.Assign(ctx, e.admin(), published.UUID, acme.UUID, e.seed.Countries["se"].ID)
			return err
		}, "VALIDATION_ERROR:country_not_available", nil},
		{"a country the workflow does not have", func() error {
			_, err := e.svc.Assign(ctx, e.admin(), published.UUID, kalev.UUID, e.seed.Countries["ee"].ID)
			return err
		}, "VALIDATION_ERROR:country_not_available", nil},
		{"an assignment by an agent", func() error {
			_, err := e.svc.Assign(ctx, e.req("agentadmin@portico.test"), published.UUID, acme.UUID, e.seed.Countries["fi"].ID)
			return err
		}, "ACCESS_DENIED:access_denied", nil},
		{"an assignment in a company the user cannot see", func() error {
			_, err := e.svc.Assign(ctx, e.req("agentadmin@portico.test"), published.UUID, kalev.UUID, e.seed.Countries["ee"].ID)
			return err
		}, "RECORD_NOT_FOUND:record_not_found", nil},
		{"an unassign with a run open", func() error {
			return e.svc.Unassign(ctx, e.admin(), withParams.Workflow.UUID, acme.UUID, nil)
		}, "ARGUMENT_ERROR:workflow_could_not_be_deleted_from_company", nil},
		{"a delete of a workflow companies use", func() error {
			return e.svc.DeleteWorkflow(ctx, e.admin(), plain.Workflow.UUID)
		}, "ARGUMENT_ERROR:workflow_is_assigned_to_companies", nil},
		{"a run without its required parameter", func() error {
			_, err := e.svc.Start(ctx, e.admin(), withParams.UUID, raw(map[string]any{}))
			return err
		}, "VALIDATION_ERROR:missing_parameter", nil},
		{"a cancel of a finished instance", func() error {
			_, err := e.svc.Cancel(ctx, e.admin(), completed.UUID)
			return err
		}, "ARGUMENT_ERROR:failed_to_cancel_workflow_instance", nil},
		{"a retry of a running instance", func() error {
			_, err := e.svc.Retry(ctx, e.admin(), running.UUID)
			return err
		}, "ARGUMENT_ERROR:failed_to_retry_workflow_instance", nil},
		{"a cancel by an agent (read only)", func() error {
			_, err := e.svc.Cancel(ctx, e.req("agent@portico.test"), running.UUID)
			return err
		}, "ACCESS_DENIED:access_denied", nil},
		{"a run seen by a customer", func() error {
			_, err := e.svc.Instance(ctx, e.seed.Users["anna@acme.test"], false, nil, running.UUID)
			return err
		}, "ACCESS_DENIED:access_denied", nil},
		{"a run of another company", func() error {
			_, err := e.svc.Instance(ctx, e.seed.Users["eva@borealis.test"], false, nil, running.UUID)
			return err
		}, "RECORD_NOT_FOUND:record_not_found", nil},
		{"a run named with the wrong company", func() error {
			_, err := e.svc.Instance(ctx, e.seed.Users["admin@portico.test"], true, &kalev.UUID, running.UUID)
			return err
		}, "RECORD_NOT_FOUND:record_not_found", nil},
		{"an unknown instance", func() error {
			_, err := e.svc.Cancel(ctx, e.admin(), uuid.New())
			return err
		}, "RECORD_NOT_FOUND:record_not_found", nil},
	}
	snapshot := func() string {
		return fmt.Sprint(
			e.count(t, `SELECT count(*) FROM workflows`),
			e.count(t, `SELECT count(*) FROM workflow_versions`),
			e.count(t, `SELECT count(*) FROM company_workflows WHERE unassigned_at IS NULL`),
			e.count(t, `SELECT count(*) FROM workflow_triggers`),
			e.count(t, `SELECT count(*) FROM workflow_instances`),
			e.count(t, `SELECT count(*) FROM workflow_instances WHERE state IN ('cancelled', 'running')`),
			len(e.runner.Calls()))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := snapshot()
			err := tc.do()
			assert.Equal(t, tc.want, code(err))
			assert.Equal(t, before, snapshot(), "nothing changed, nothing started")
			if tc.detail != nil && err != nil {
				tc.detail(t, err)
			}
		})
	}
}

func TestManageTriggersReplacesTheSet(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Triggers replaced", false)
	schedule := raw(map[string]any{"recurrencePattern": map[string]any{"type": "monthly", "timeOfDay": "08:00",
		"monthlyPattern": map[string]any{"type": "day_of_month", "day": 5}}, "scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate": "2026-01-01"})
	got, err := e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{TriggerType: "manual"}, {TriggerType: "schedule", Data: schedule}})
	require.NoError(t, err)
	require.Len(t, got.Triggers, 2)
	assert.Nil(t, got.Triggers[0].NextRunAt)
	require.NotNil(t, got.Triggers[1].NextRunAt, "a schedule has a next run")
	next := got.Triggers[1].NextRunAt.In(helsinki)
	assert.Contains(t, []int{5, 6, 7}, next.Day(), "on a 5th, or the weekday after: %s", next)
	assert.Equal(t, 8, next.Hour())
	assert.Contains(t, e.runner.Calls(), "triggers:"+cw.UUID.String(), "the trigger process re-reads at once")

	keep := got.Triggers[1].UUID
	got, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{UUID: &keep, TriggerType: "schedule", Data: schedule}})
	require.NoError(t, err)
	require.Len(t, got.Triggers, 1, "the manual trigger, not named, is removed")
	assert.Equal(t, keep, got.Triggers[0].UUID, "the named one is kept")
	stranger := uuid.New()
	_, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{UUID: &stranger, TriggerType: "manual"}})
	assert.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	list, err := e.st.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: cw.CompanyID, CompanyWorkflowID: cw.ID})
	require.NoError(t, err)
	assert.Len(t, list, 1)
}
