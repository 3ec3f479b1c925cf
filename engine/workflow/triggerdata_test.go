package workflow

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/engine/store"
)

func TestMergeTriggerData(t *testing.T) {
	t.Parallel()
	const stored = `{"recurrencePattern":{"type":"monthly","timeOfDay":"08:00","holidayHandling":"previous_weekday",` +
		`"monthlyPattern":{"type":"day_of_month","day":5}},"reportingPeriod":{"unit":"month","offset":-1},` +
		`"scheduleEndCondition":{"type":"no_end"},"scheduleStartDate":"2026-01-01"}`
	cases := []struct {
		name, stored, sent, want string
	}{
		{"a key not sent is kept", stored, `{"scheduleStartDate":"2026-02-01"}`,
			`{"recurrencePattern":{"type":"monthly","timeOfDay":"08:00","holidayHandling":"previous_weekday",` +
				`"monthlyPattern":{"type":"day_of_month","day":5}},"reportingPeriod":{"unit":"month","offset":-1},` +
				`"scheduleEndCondition":{"type":"no_end"},"scheduleStartDate":"2026-02-01"}`},
		{"null clears a key", stored, `{"reportingPeriod":null}`,
			`{"recurrencePattern":{"type":"monthly","timeOfDay":"08:00","holidayHandling":"previous_weekday",` +
				`"monthlyPattern":{"type":"day_of_month","day":5}},` +
				`"scheduleEndCondition":{"type":"no_end"},"scheduleStartDate":"2026-01-01"}`},
		{"objects merge key by key, at every depth", stored,
			`{"recurrencePattern":{"timeOfDay":"09:30","monthlyPattern":{"day":6,"interval":null}}}`,
			`{"recurrencePattern":{"type":"monthly","timeOfDay":"09:30","holidayHandling":"previous_weekday",` +
				`"monthlyPattern":{"type":"day_of_month","day":6}},"reportingPeriod":{"unit":"month","offset":-1},` +
				`"scheduleEndCondition":{"type":"no_end"},"scheduleStartDate":"2026-01-01"}`},
		{"an object replaces a string", `{"reportingPeriod":"previous_month"}`, `{"reportingPeriod":{"unit":"quarter","offset":0}}`,
			`{"reportingPeriod":{"unit":"quarter","offset":0}}`},
		{"an array replaces an array", `{"weekdays":["monday","friday"]}`, `{"weekdays":["tuesday"]}`, `{"weekdays":["tuesday"]}`},
		{"the whole data sent again is the data", stored, stored, stored},
		{"nothing sent changes nothing", stored, ``, stored},
		{"null sent changes nothing", stored, `null`, stored},
		{"a new trigger drops its nulls", ``, `{"reportingPeriod":null,"recurrencePattern":{"weeklyPattern":null,"type":"daily"}}`,
			`{"recurrencePattern":{"type":"daily"}}`},
		{"not an object replaces (and fails the check later)", stored, `[1]`, `[1]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mergeTriggerData(json.RawMessage(tc.stored), json.RawMessage(tc.sent))
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(got))
		})
	}
	_, err := mergeTriggerData(json.RawMessage(stored), json.RawMessage(`{"reportingPeriod":`))
	assert.Error(t, err, "data that is not JSON")
}

func TestPatchedDataPatchesTheSameTypeOnly(t *testing.T) {
	t.Parallel()
	id := uuid.New()
	existing := []store.WorkflowTrigger{{ID: 7, UUID: id, TriggerType: TriggerSchedule, Data: json.RawMessage(`{"reportingPeriod":"previous_month"}`)}}
	sent := json.RawMessage(`{"scheduleStartDate":"2026-01-01"}`)

	prev, data, err := patchedData(existing, TriggerInput{UUID: &id, TriggerType: TriggerSchedule, Data: sent})
	require.NoError(t, err)
	require.NotNil(t, prev)
	assert.Equal(t, int64(7), prev.ID)
	assert.JSONEq(t, `{"reportingPeriod":"previous_month","scheduleStartDate":"2026-01-01"}`, string(data))

	prev, data, err = patchedData(existing, TriggerInput{UUID: &id, TriggerType: TriggerAnchorDate, Data: sent})
	require.NoError(t, err)
	require.NotNil(t, prev, "the trigger is still the one updated")
	assert.JSONEq(t, string(sent), string(data), "a new type starts afresh")

	other := uuid.New()
	prev, data, err = patchedData(existing, TriggerInput{UUID: &other, TriggerType: TriggerSchedule, Data: sent})
	require.NoError(t, err)
	assert.Nil(t, prev, "an unknown uuid")
	assert.JSONEq(t, string(sent), string(data))
}
