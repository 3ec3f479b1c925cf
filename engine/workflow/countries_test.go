package workflow_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"portico/demo"
	"portico/engine/store/dbtest"
	"portico/engine/workflow"
)

func TestCountriesRoleMatrix(t *testing.T) {
	e := setupOn(t, dbtest.FreshStore(t))
	ctx := context.Background()
	fi := e.seed.Countries["fi"]
	for _, tt := range []struct {
		email      string
		adminPanel bool
		want       string
	}{
		{"admin@portico.test", false, "ACCESS_DENIED:access_denied"},
		{"agentadmin@portico.test", true, "ACCESS_DENIED:access_denied"},
		{"agent@portico.test", false, "ACCESS_DENIED:access_denied"},
		{"anna@acme.test", false, "ACCESS_DENIED:access_denied"},
		{"carl@acme.test", false, "ACCESS_DENIED:access_denied"},
	} {
		req := e.req(tt.email)
		req.AdminPanel = tt.adminPanel
		_, err := e.svc.CreateCountry(ctx, req, "Denmark", "dk")
		require.Equal(t, tt.want, code(err), tt.email)
		require.Equal(t, tt.want, code(e.svc.DeleteCountry(ctx, req, fi.ID)), tt.email)
		_, err = e.svc.CreateCountryHolidays(ctx, req, fi.ID, "2090", nil)
		require.Equal(t, tt.want, code(err), tt.email)
		_, err = e.svc.UpdateCountryHolidays(ctx, req, 1, nil, nil)
		require.Equal(t, tt.want, code(err), tt.email)
		// reading is open to anyone signed in
		years, err := e.svc.CountryHolidays(ctx, fi.ID)
		require.NoError(t, err)
		require.NotEmpty(t, years)
	}

	admin := e.admin()
	t.Run("create and delete a country", func(t *testing.T) {
		c, err := e.svc.CreateCountry(ctx, admin, " Denmark ", "DK")
		require.NoError(t, err)
		require.Equal(t, "dk", c.Code)
		require.Equal(t, "Denmark", c.Name)
		_, err = e.svc.CreateCountry(ctx, admin, "Denmark again", "dk")
		require.Equal(t, "VALIDATION_ERROR:"+workflow.KeyNameTaken, code(err))
		_, err = e.svc.CreateCountry(ctx, admin, "X", "d1")
		require.Equal(t, "VALIDATION_ERROR:"+workflow.KeyCodeInvalid, code(err))
		_, err = e.svc.CreateCountry(ctx, admin, " ", "dx")
		require.Equal(t, "VALIDATION_ERROR:"+workflow.KeyBlank, code(err))
		_, err = e.svc.CreateCountryHolidays(ctx, admin, c.ID, "2031", []workflow.HolidayInput{})
		require.NoError(t, err)
		require.NoError(t, e.svc.DeleteCountry(ctx, admin, c.ID))
		_, err = e.svc.Country(ctx, c.ID)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
		// fi is the demo workflow's and Acme's
		require.Equal(t, "ARGUMENT_ERROR:"+workflow.KeyCountryLinked, code(e.svc.DeleteCountry(ctx, admin, fi.ID)))
	})

	t.Run("a year filled from the calendar, then edited", func(t *testing.T) {
		y, err := e.svc.CreateCountryHolidays(ctx, admin, fi.ID, "2090", nil)
		require.NoError(t, err)
		require.Equal(t, int32(2090), y.Year)
		require.Len(t, y.Holidays, 15, "Finland's calendar")
		require.Equal(t, "2090-01-01", y.Holidays[0].Date.Time.Format(time.DateOnly))

		_, err = e.svc.CreateCountryHolidays(ctx, admin, fi.ID, "2090", nil)
		require.Equal(t, "VALIDATION_ERROR:"+workflow.KeyYearTaken, code(err))

		for _, bad := range []struct {
			year string
			in   []workflow.HolidayInput
			key  string
		}{
			{"20x1", nil, workflow.KeyYearInvalid},
			{"1800", nil, workflow.KeyYearInvalid},
			{"99999999999999999999", nil, workflow.KeyYearInvalid},
			{"2091", []workflow.HolidayInput{{Date: "2091-02-30", Name: "Nope"}}, workflow.KeyHolidayDateInvalid},
			{"2091", []workflow.HolidayInput{{Date: "2092-01-01", Name: "Nope"}}, workflow.KeyHolidayOutsideYear},
			{"2091", []workflow.HolidayInput{{Date: "2091-05-05", Name: "A"}, {Date: "2091-05-05", Name: "B"}}, workflow.KeyHolidayDuplicateDate},
			{"2091", []workflow.HolidayInput{{Date: "2091-05-05", Name: " "}}, workflow.KeyBlank},
		} {
			_, err := e.svc.CreateCountryHolidays(ctx, admin, fi.ID, bad.year, bad.in)
			require.Equal(t, "VALIDATION_ERROR:"+bad.key, code(err), bad.year)
		}
		years, err := e.svc.CountryHolidays(ctx, fi.ID)
		require.NoError(t, err)
		for _, y := range years {
			require.NotEqual(t, int32(2091), y.Year, "a refused year is not written")
		}

		edited := []workflow.HolidayInput{{Date: "2090-01-01", Name: "New Year", LocalName: "uusivuosi"}, {Date: "2090-03-03", Name: "Company day"}}
		got, err := e.svc.UpdateCountryHolidays(ctx, admin, y.ID, nil, edited)
		require.NoError(t, err)
		require.Len(t, got.Holidays, 2)
		years, err = e.svc.CountryHolidays(ctx, fi.ID)
		require.NoError(t, err)
		for _, yy := range years {
			if yy.Year == 2090 {
				require.Len(t, yy.Holidays, 2)
				require.Equal(t, "uusivuosi", *yy.Holidays[0].LocalName)
			}
		}
		taken := strconv.Itoa(time.Now().Year())
		_, err = e.svc.UpdateCountryHolidays(ctx, admin, y.ID, &taken, []workflow.HolidayInput{})
		require.Equal(t, "VALIDATION_ERROR:"+workflow.KeyYearTaken, code(err))
		_, err = e.svc.UpdateCountryHolidays(ctx, admin, 1<<40, nil, edited)
		require.Equal(t, "RECORD_NOT_FOUND:record_not_found", code(err))
	})
}

func TestHolidayChangeReplansTriggers(t *testing.T) {
	e := setupOn(t, dbtest.FreshStore(t))
	ctx := context.Background()
	admin := e.admin()
	fi := e.seed.Countries["fi"]
	cw, err := demo.SeedWorkflow(ctx, e.st.Queries, e.seed, time.Now())
	require.NoError(t, err)
	w, err := e.st.WorkflowGetByName(ctx, demo.DemoWorkflowName)
	require.NoError(t, err)

	// the demo schedule runs on the 5th; a holiday on the next run's day moves it
	after := time.Date(2088, 1, 1, 0, 0, 0, 0, time.UTC)
	acme := e.seed.Companies["Acme Oy"].UUID
	preview := func() time.Time {
		p, err := e.svc.Preview(ctx, admin.User, true, workflow.PreviewInput{WorkflowID: w.UUID, CompanyID: &acme,
			Count: 1, After: &after})
		require.NoError(t, err)
		for _, r := range p.Runs {
			if r.TriggerType == "schedule" {
				return r.At
			}
		}
		t.Fatal("no scheduled run")
		return time.Time{}
	}
	before := preview()
	day := before.In(time.UTC).Format(time.DateOnly)
	start := len(e.runner.Calls())
	y, err := e.svc.CreateCountryHolidays(ctx, admin, fi.ID, "2088", []workflow.HolidayInput{{Date: day, Name: "Closing day off"}})
	require.NoError(t, err)
	require.NotEqual(t, before, preview(), "the run moved off the new holiday")
	require.Contains(t, strings.Join(e.runner.Calls(), ","), "triggers:"+cw.UUID.String())
	replanned := len(e.runner.Calls()) - start // every timed assignment in fi, the demo's and the forecast demo's

	// the other country's triggers are left alone
	n := len(e.runner.Calls())
	_, err = e.svc.CreateCountryHolidays(ctx, admin, e.seed.Countries["ee"].ID, "2088", nil)
	require.NoError(t, err)
	require.Len(t, e.runner.Calls(), n)

	_, err = e.svc.UpdateCountryHolidays(ctx, admin, y.ID, nil, []workflow.HolidayInput{})
	require.NoError(t, err)
	require.Equal(t, before, preview(), "the holiday removed, the run is back")
	require.Len(t, e.runner.Calls(), n+replanned)
}
