package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store"
	"portico/engine/store/dbtest"
	"portico/engine/workflow/graph"
)

func TestSeedWorkflowAndHolidays(t *testing.T) {
	ctx := context.Background()
	st := dbtest.Store(t)
	s, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	_, err = demo.Seed(ctx, st, "localhost") // idempotent
	require.NoError(t, err)

	w, err := st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)
	assert.False(t, w.Draft, "published")
	v, err := st.WorkflowVersionLatest(ctx, w.ID)
	require.NoError(t, err)
	assert.EqualValues(t, 1, v.Version, "one version, however often the seed runs")
	cw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: s.Companies["Acme Oy"].ID, WorkflowID: w.ID})
	require.NoError(t, err)
	assert.Equal(t, s.Countries["fi"].ID, cw.CountryID)
	triggers, err := st.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: cw.CompanyID, CompanyWorkflowID: cw.ID})
	require.NoError(t, err)
	require.Len(t, triggers, 3)
	assert.Equal(t, "manual", triggers[0].TriggerType)
	assert.Equal(t, "schedule", triggers[1].TriggerType)
	assert.Equal(t, "anchor_date", triggers[2].TriggerType, "on the financial year end (demo/dynamic_fields.go)")

	// the second, manual workflow asks its runs for parameters, so it has no schedule
	m, err := st.WorkflowGetByName(ctx, demo.DemoManualWorkflowName)
	require.NoError(t, err)
	assert.False(t, m.Draft, "published")
	mv, err := st.WorkflowVersionLatest(ctx, m.ID)
	require.NoError(t, err)
	assert.EqualValues(t, 1, mv.Version)
	parsed, err := graph.ParseStructure(mv.Structure)
	require.NoError(t, err)
	names := []string{}
	for _, p := range parsed.Parameters() {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"period", "corrections"}, names)
	mcw, err := st.CompanyWorkflowGetLive(ctx, store.CompanyWorkflowGetLiveParams{CompanyID: s.Companies["Acme Oy"].ID, WorkflowID: m.ID})
	require.NoError(t, err)
	mt, err := st.WorkflowTriggerList(ctx, store.WorkflowTriggerListParams{CompanyID: mcw.CompanyID, CompanyWorkflowID: mcw.ID})
	require.NoError(t, err)
	require.Len(t, mt, 1)
	assert.Equal(t, "manual", mt[0].TriggerType)

	for _, code := range []string{"fi", "se", "no", "ee", "gb"} {
		hs, err := st.CountryHolidayListByCountry(ctx, s.Countries[code].ID)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(hs), 2*8, "%s: holidays for this year and the next", code)
	}
}
