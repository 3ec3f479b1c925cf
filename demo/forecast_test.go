package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/org"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
	"portico/engine/workflow/graph"
)

// The demo's forecast has a busy month-end: next month's last business day
// holds more tasks than the screen's default threshold (8), for two people.
func TestDemoForecastHasABusyMonthEnd(t *testing.T) {
	ctx := context.Background()
	st := dbtest.FreshStore(t)
	s, err := demo.Seed(ctx, st, "localhost")
	require.NoError(t, err)
	_, err = demo.Seed(ctx, st, "localhost") // idempotent
	require.NoError(t, err)
	svc := workflow.New(workflow.Deps{Store: st, Directory: org.NewDirectory(st)})
	next := graph.DateOf(time.Now()).AddMonths(1)
	from := graph.NewDate(next.Year, next.Month, 1)
	to := from.AddMonths(1).AddDays(-1)
	fc, err := svc.Forecast(ctx, s.Users["agent@portico.test"], false, workflow.ForecastInput{DateFrom: from, DateTo: to})
	require.NoError(t, err)
	busiest := workflow.ForecastDay{}
	for _, d := range fc.Days {
		if d.Count > busiest.Count {
			busiest = d
		}
	}
	assert.Greater(t, busiest.Count, 8)
	assert.Greater(t, busiest.Date.Day, 20, "at the month's end")
	assert.Len(t, fc.Assignees, 2, "the responsible agent and the payroll's agent admin")
	assert.Len(t, fc.Options.Workflows, 3, "the demo workflow and the two of the forecast")
}
