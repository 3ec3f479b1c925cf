package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store"
	"portico/engine/store/dbtest"
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

	for _, code := range []string{"fi", "se", "no", "ee", "gb"} {
		hs, err := st.CountryHolidayListByCountry(ctx, s.Countries[code].ID)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(hs), 2*8, "%s: holidays for this year and the next", code)
	}
}
