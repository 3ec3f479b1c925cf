package workflow_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
)

// storedTriggers reads a company workflow's triggers as the database holds them.
func (e env) storedTriggers(t *testing.T, cw workflow.CompanyWorkflow) []store.WorkflowTrigger {
	t.Helper()
	list, err := e.st.WorkflowTriggerList(context.Background(), store.WorkflowTriggerListParams{CompanyID: cw.CompanyID,
		CompanyWorkflowID: cw.ID})
	require.NoError(t, err)
	return list
}

// An update that does not name the reporting period (or the holiday
// handling) keeps it; one that sends null clears it (issue 28 item 1).
func TestTriggerUpdateKeepsWhatItDoesNotSend(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	cw := e.assigned(t, "Triggers patched", false)
	pattern := map[string]any{"type": "monthly", "timeOfDay": "08:00", "monthlyPattern": map[string]any{"type": "day_of_month", "day": 5}}
	full := map[string]any{"recurrencePattern": map[string]any{"type": "monthly", "timeOfDay": "08:00", "holidayHandling": "previous_weekday",
		"monthlyPattern": map[string]any{"type": "day_of_month", "day": 5}}, "reportingPeriod": map[string]any{"unit": "month", "offset": -1},
		"scheduleEndCondition": map[string]any{"type": "no_end"}, "scheduleStartDate": "2026-01-01"}
	got, err := e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{TriggerType: "schedule", Data: raw(full)}})
	require.NoError(t, err)
	id := got.Triggers[0].UUID
	period := func() (rp, handling any) {
		var d struct {
			RecurrencePattern map[string]any `json:"recurrencePattern"`
			ReportingPeriod   any            `json:"reportingPeriod"`
		}
		require.NoError(t, json.Unmarshal(e.storedTriggers(t, cw)[0].Data, &d))
		return d.ReportingPeriod, d.RecurrencePattern["holidayHandling"]
	}

	// what an editor that knows neither key sends, with the day changed
	pattern["monthlyPattern"] = map[string]any{"type": "day_of_month", "day": 6}
	older := raw(map[string]any{"recurrencePattern": pattern, "scheduleEndCondition": map[string]any{"type": "no_end"},
		"scheduleStartDate": "2026-01-01"})
	_, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{UUID: &id, TriggerType: "schedule", Data: older}})
	require.NoError(t, err)
	rp, handling := period()
	assert.Equal(t, map[string]any{"unit": "month", "offset": -1.0}, rp, "the reporting period is kept")
	assert.Equal(t, "previous_weekday", handling, "and the holiday handling")
	assert.Contains(t, string(e.storedTriggers(t, cw)[0].Data), `"day": 6`, "what was sent is saved")

	// the preview patches the saved trigger as saving would
	after := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	p, err := e.svc.Preview(ctx, e.admin().User, true, workflow.PreviewInput{WorkflowID: cw.Workflow.UUID,
		CompanyID: ptr(e.seed.Companies["Acme Oy"].UUID), Triggers: []workflow.TriggerInput{{UUID: &id, TriggerType: "schedule", Data: older}},
		Count: 1, After: &after})
	require.NoError(t, err)
	require.Len(t, p.Runs, 1)
	require.NotNil(t, p.Runs[0].ReportingPeriod)
	assert.Equal(t, "2026-02", p.Runs[0].ReportingPeriod.Label, "the run of 6 March reports on February")

	_, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{UUID: &id, TriggerType: "schedule",
		Data: json.RawMessage(`{"reportingPeriod": null}`)}})
	require.NoError(t, err)
	rp, handling = period()
	assert.Nil(t, rp, "null clears the reporting period")
	assert.Equal(t, "previous_weekday", handling)

	stored := e.storedTriggers(t, cw)[0].Data
	_, err = e.svc.ManageTriggers(ctx, e.admin(), cw.UUID, []workflow.TriggerInput{{UUID: &id, TriggerType: "schedule", Data: stored}})
	require.NoError(t, err)
	assert.Equal(t, string(stored), string(e.storedTriggers(t, cw)[0].Data), "the data sent back unchanged stays byte for byte")
}

// The demo's triggers (a schedule on the previous month among them) saved
// as they were read are stored byte for byte as they were, and sent without
// the reporting period they keep it.
func TestDemoTriggersSavedUnchangedStayTheSame(t *testing.T) {
	t.Parallel()
	e := setupOn(t, dbtest.FreshStore(t))
	ctx := context.Background()
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	live, err := e.st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: e.seed.Companies["Acme Oy"].ID, WorkflowID: w.ID})
	require.NoError(t, err)
	cw := workflow.CompanyWorkflow{CompanyWorkflow: live}
	before := e.storedTriggers(t, cw)
	i := slices.IndexFunc(before, func(tr store.WorkflowTrigger) bool { return tr.TriggerType == "schedule" })
	require.GreaterOrEqual(t, i, 0)
	require.Contains(t, string(before[i].Data), `"reportingPeriod": {"unit": "month", "offset": -1}`)

	send := func(data func(store.WorkflowTrigger) json.RawMessage) {
		t.Helper()
		var in []workflow.TriggerInput
		for _, tr := range before {
			in = append(in, workflow.TriggerInput{UUID: &tr.UUID, TriggerType: tr.TriggerType, Data: data(tr)})
		}
		_, err := e.svc.ManageTriggers(ctx, e.admin(), live.UUID, in)
		require.NoError(t, err)
		after := e.storedTriggers(t, cw)
		require.Len(t, after, len(before))
		for i := range before {
			assert.Equal(t, string(before[i].Data), string(after[i].Data), before[i].TriggerType)
		}
	}
	send(func(tr store.WorkflowTrigger) json.RawMessage { return tr.Data })
	send(func(tr store.WorkflowTrigger) json.RawMessage {
		var d map[string]any
		require.NoError(t, json.Unmarshal(tr.Data, &d))
		delete(d, "reportingPeriod")
		return raw(d)
	})
}
