package graph

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func wd(days ...time.Weekday) []Weekday {
	out := make([]Weekday, len(days))
	for i, x := range days {
		out[i] = Weekday(x)
	}
	return out
}

func wdp(x time.Weekday) *Weekday {
	w := Weekday(x)
	return &w
}

func helsinki(t testing.TB) *time.Location {
	l, err := LoadLocation("Europe/Helsinki")
	require.NoError(t, err)
	return l
}

func TestNextOccurrences(t *testing.T) {
	t.Parallel()
	hel := helsinki(t)
	fi := MustCalendar("fi")
	midnight := func(s string) time.Time { return d(s).At(TimeOfDay{}, hel) }
	tests := []struct {
		name    string
		s       Schedule
		after   time.Time
		cal     *Calendar
		n       int
		want    []string // "date" or "date#number" or "date<nominal"
		numbers []int
	}{
		{"monthly on the 5th, moved forward over Easter",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, TimeOfDay: TimeOfDay{8, 0},
				MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 5}}, ScheduleStartDate: d("2026-01-01")},
			midnight("2026-01-01"), fi, 5,
			[]string{"2026-01-05", "2026-02-05", "2026-03-05", "2026-04-07", "2026-05-05"}, []int{1, 2, 3, 4, 5}},
		{"every other week on Monday and Thursday, from a Wednesday",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Weekly, WeeklyPattern: &WeeklyPattern{Interval: 2, Weekdays: wd(time.Thursday, time.Monday)}},
				ScheduleStartDate: d("2026-01-07")},
			midnight("2025-12-01"), nil, 5,
			[]string{"2026-01-08", "2026-01-19", "2026-01-22", "2026-02-02", "2026-02-05"}, []int{1, 2, 3, 4, 5}},
		{"every weekday over Easter with previous_weekday: holidays merge into Thursday",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, HolidayHandling: PreviousWeekday, DailyPattern: &DailyPattern{Type: EveryWeekday}},
				ScheduleStartDate: d("2026-03-30")},
			midnight("2026-03-30").Add(-time.Minute), fi, 5,
			[]string{"2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-07"}, []int{1, 2, 3, 4, 7}},
		{"every weekday over Easter without a calendar",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, DailyPattern: &DailyPattern{Type: EveryWeekday}},
				ScheduleStartDate: d("2026-03-30")},
			midnight("2026-04-02"), nil, 3,
			[]string{"2026-04-03", "2026-04-06", "2026-04-07"}, []int{5, 6, 7}},
		{"every three days across February",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, DailyPattern: &DailyPattern{Type: EveryNDays, Interval: 3}},
				ScheduleStartDate: d("2026-02-26")},
			midnight("2026-01-01"), nil, 4,
			[]string{"2026-02-26", "2026-03-01", "2026-03-04", "2026-03-07"}, []int{1, 2, 3, 4}},
		{"the last Friday of every month",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnWeekdayOfMon, Week: LastWeek, Weekday: wdp(time.Friday)}},
				ScheduleStartDate: d("2026-01-01")},
			midnight("2026-01-01"), nil, 5,
			[]string{"2026-01-30", "2026-02-27", "2026-03-27", "2026-04-24", "2026-05-29"}, []int{1, 2, 3, 4, 5}},
		{"the 31st every other month is the month's last day",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 31, Interval: 2}},
				ScheduleStartDate: d("2026-01-15")},
			midnight("2026-01-01"), nil, 6,
			[]string{"2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-09-30", "2026-11-30"}, []int{1, 2, 3, 4, 5, 6}},
		{"the 30th monthly includes February's last day",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 30}},
				ScheduleStartDate: d("2024-01-31")},
			midnight("2024-01-01"), nil, 3,
			[]string{"2024-02-29", "2024-03-30", "2024-04-30"}, []int{1, 2, 3}},
		{"29 February yearly is the 28th in other years",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnDate, Month: 2, Day: 29}},
				ScheduleStartDate: d("2024-01-01")},
			midnight("2024-01-01"), nil, 5,
			[]string{"2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"}, []int{1, 2, 3, 4, 5}},
		{"the first Monday of September every two years",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnWeekdayOfMon, Interval: 2, Month: 9, Week: FirstWeek, Weekday: wdp(time.Monday)}},
				ScheduleStartDate: d("2025-06-01")},
			midnight("2025-01-01"), nil, 3,
			[]string{"2025-09-01", "2027-09-06", "2029-09-03"}, []int{1, 2, 3}},
		{"a yearly date before the start date waits a year",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnDate, Month: 3, Day: 1}},
				ScheduleStartDate: d("2026-03-02")},
			midnight("2026-01-01"), nil, 2,
			[]string{"2027-03-01", "2028-03-01"}, []int{1, 2}},
		{"three occurrences only",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 1}},
				ScheduleEndCondition: EndCondition{Type: EndAfterOccurrences, Occurrences: 3}, ScheduleStartDate: d("2026-01-01")},
			midnight("2025-01-01"), nil, 10,
			[]string{"2026-01-01", "2026-02-01", "2026-03-01"}, []int{1, 2, 3}},
		{"three occurrences, two already past",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 1}},
				ScheduleEndCondition: EndCondition{Type: EndAfterOccurrences, Occurrences: 3}, ScheduleStartDate: d("2026-01-01")},
			midnight("2026-02-01"), nil, 10,
			[]string{"2026-03-01"}, []int{3}},
		{"ended by date, the end date included",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Weekly, WeeklyPattern: &WeeklyPattern{Weekdays: wd(time.Friday)}},
				ScheduleEndCondition: EndCondition{Type: EndByDate, EndDate: d("2026-02-13")}, ScheduleStartDate: d("2026-01-28")},
			midnight("2026-01-01"), nil, 10,
			[]string{"2026-01-30", "2026-02-06", "2026-02-13"}, []int{1, 2, 3}},
		{"a run moved past the end date still happens",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 6}},
				ScheduleEndCondition: EndCondition{Type: EndByDate, EndDate: d("2026-12-06")}, ScheduleStartDate: d("2026-11-01")},
			midnight("2026-11-01"), fi, 10,
			[]string{"2026-11-06", "2026-12-07"}, []int{1, 2}},
		{"later the same day at the time of day",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, TimeOfDay: TimeOfDay{9, 0}, DailyPattern: &DailyPattern{Type: EveryNDays}},
				ScheduleStartDate: d("2026-01-01")},
			d("2026-01-05").At(TimeOfDay{8, 59}, hel), nil, 2,
			[]string{"2026-01-05", "2026-01-06"}, []int{5, 6}},
		{"strictly after: the run at the very instant is not next",
			Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, TimeOfDay: TimeOfDay{9, 0}, DailyPattern: &DailyPattern{Type: EveryNDays}},
				ScheduleStartDate: d("2026-01-01")},
			d("2026-01-05").At(TimeOfDay{9, 0}, hel), nil, 1,
			[]string{"2026-01-06"}, []int{6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.s.RecurrencePattern.TimeZone == "" {
				tc.s.RecurrencePattern.TimeZone = "Europe/Helsinki"
			}
			os, err := NextOccurrences(tc.s, tc.after, tc.n, tc.cal)
			require.NoError(t, err)
			var got []string
			var numbers []int
			for _, o := range os {
				got = append(got, o.Date.String())
				numbers = append(numbers, o.Number)
				assert.Equal(t, o.Date, DateOf(o.At.In(hel)), "At is on Date in the zone")
				assert.Equal(t, tc.s.RecurrencePattern.TimeOfDay.Hour, o.At.In(hel).Hour())
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.numbers, numbers)
		})
	}
}

func TestNextOccurrencesDetails(t *testing.T) {
	t.Parallel()
	hel := helsinki(t)
	fi := MustCalendar("fi")
	monthly5th := Schedule{
		RecurrencePattern: RecurrencePattern{Type: Monthly, TimeOfDay: TimeOfDay{8, 0}, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 5}},
		ReportingPeriod:   &ReportingPeriod{Unit: UnitMonth, Offset: -1},
		ScheduleStartDate: d("2026-01-01"),
	}

	t.Run("the instant is 08:00 in Helsinki, winter and summer time", func(t *testing.T) {
		os, err := NextOccurrences(monthly5th, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 5, fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-01-05T06:00:00Z", os[0].At.UTC().Format(time.RFC3339))
		assert.Equal(t, "2026-04-07T05:00:00Z", os[3].At.UTC().Format(time.RFC3339))
		assert.Equal(t, hel.String(), os[0].At.Location().String())
	})
	t.Run("the holidays that moved a run", func(t *testing.T) {
		os, err := NextOccurrences(monthly5th, time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), 1, fi)
		require.NoError(t, err)
		require.Len(t, os, 1)
		o := os[0]
		assert.Equal(t, "2026-04-05", o.Nominal.String())
		assert.Equal(t, []string{"04-05 weekend Easter Sunday", "04-06 Easter Monday"}, describeMoves(o.Moved))
	})
	t.Run("a run moved forward past the instant is not missed", func(t *testing.T) {
		os, err := NextOccurrences(monthly5th, d("2026-04-06").At(TimeOfDay{12, 0}, hel), 1, fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-04-07", os[0].Date.String())
		assert.Equal(t, "2026-04-05", os[0].Nominal.String())
	})
	t.Run("the reporting period is the pattern date's previous month", func(t *testing.T) {
		s := monthly5th
		s.RecurrencePattern.MonthlyPattern = &MonthlyPattern{Type: OnDayOfMonth, Day: 1}
		s.RecurrencePattern.HolidayHandling = PreviousWeekday
		os, err := NextOccurrences(s, time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), 2, fi)
		require.NoError(t, err)
		assert.Equal(t, "2025-12-31", os[0].Date.String(), "1 January moved back")
		assert.Equal(t, "2025-12", os[0].ReportingPeriod.Label, "still reports on December")
		assert.Equal(t, "2026-01", os[1].ReportingPeriod.Label)
	})
	t.Run("the zone defaults to the calendar's country", func(t *testing.T) {
		s := monthly5th
		os, err := NextOccurrences(s, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 1, MustCalendar("gb"))
		require.NoError(t, err)
		assert.Equal(t, "Europe/London", os[0].At.Location().String())
		assert.Equal(t, "2026-01-05T08:00:00Z", os[0].At.UTC().Format(time.RFC3339))
		os, err = NextOccurrences(s, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 1, nil)
		require.NoError(t, err)
		assert.Equal(t, "UTC", os[0].At.Location().String())
		s.RecurrencePattern.TimeZone = "America/New_York"
		os, err = NextOccurrences(s, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 1, fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-01-05T13:00:00Z", os[0].At.UTC().Format(time.RFC3339))
	})
	t.Run("a clock time skipped by daylight saving runs an hour later", func(t *testing.T) {
		s := Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, TimeOfDay: TimeOfDay{3, 30}, TimeZone: "Europe/Helsinki",
			DailyPattern: &DailyPattern{Type: EveryNDays}}, ScheduleStartDate: d("2026-03-28")}
		os, err := NextOccurrences(s, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), 3, nil)
		require.NoError(t, err)
		var got []string
		for _, o := range os {
			got = append(got, o.At.In(hel).Format("2006-01-02 15:04 -07"))
		}
		assert.Equal(t, []string{"2026-03-28 03:30 +02", "2026-03-29 04:30 +03", "2026-03-30 03:30 +03"}, got)
	})
	t.Run("Next and the end of a schedule", func(t *testing.T) {
		s := monthly5th
		s.ScheduleEndCondition = EndCondition{Type: EndAfterOccurrences, Occurrences: 2}
		o, ok, err := s.Next(time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC), fi)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, "2026-02-05", o.Date.String())
		_, ok, err = s.Next(o.At, fi)
		require.NoError(t, err)
		assert.False(t, ok, "both occurrences are past")
		os, err := s.NextOccurrences(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), 0, fi)
		require.NoError(t, err)
		assert.Empty(t, os)
	})
	t.Run("an invalid schedule is an error", func(t *testing.T) {
		_, err := NextOccurrences(Schedule{}, time.Now(), 1, fi)
		assert.ErrorIs(t, err, ErrInvalidSchedule)
		_, _, err = Schedule{}.Next(time.Now(), fi)
		assert.ErrorIs(t, err, ErrInvalidSchedule)
	})
}

func TestScheduleValidate(t *testing.T) {
	t.Parallel()
	valid := func() Schedule {
		return Schedule{RecurrencePattern: RecurrencePattern{Type: Daily, DailyPattern: &DailyPattern{Type: EveryWeekday}}, ScheduleStartDate: d("2026-01-01")}
	}
	tests := []struct {
		name   string
		edit   func(*Schedule)
		fields []string // field:code
	}{
		{"valid", func(*Schedule) {}, nil},
		{"unknown type", func(s *Schedule) { s.RecurrencePattern.Type = "hourly" }, []string{"recurrencePattern.type:invalid_recurrence_type"}},
		{"missing daily pattern", func(s *Schedule) { s.RecurrencePattern.DailyPattern = nil }, []string{"recurrencePattern.dailyPattern:missing_pattern"}},
		{"bad daily type", func(s *Schedule) { s.RecurrencePattern.DailyPattern.Type = "weekends" }, []string{"recurrencePattern.dailyPattern.type:invalid_daily_type"}},
		{"negative interval", func(s *Schedule) { s.RecurrencePattern.DailyPattern = &DailyPattern{Type: EveryNDays, Interval: -2} },
			[]string{"recurrencePattern.dailyPattern.interval:invalid_interval"}},
		{"weekly without weekdays", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Weekly, WeeklyPattern: &WeeklyPattern{Interval: 1000}}
		}, []string{"recurrencePattern.weeklyPattern.interval:invalid_interval", "recurrencePattern.weeklyPattern.weekdays:missing_weekdays"}},
		{"weekly with a bad weekday", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Weekly, WeeklyPattern: &WeeklyPattern{Weekdays: []Weekday{1, 9}}}
		}, []string{"recurrencePattern.weeklyPattern.weekdays[1]:invalid_weekday"}},
		{"monthly day 32", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnDayOfMonth, Day: 32}}
		}, []string{"recurrencePattern.monthlyPattern.day:invalid_day_of_month"}},
		{"monthly weekday without week and weekday", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Type: OnWeekdayOfMon, Week: "fifth"}}
		}, []string{"recurrencePattern.monthlyPattern.week:invalid_week", "recurrencePattern.monthlyPattern.weekday:invalid_weekday"}},
		{"monthly without a type", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Monthly, MonthlyPattern: &MonthlyPattern{Day: 3}}
		}, []string{"recurrencePattern.monthlyPattern.type:invalid_monthly_type"}},
		{"yearly 30 February", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnDate, Month: 2, Day: 30}}
		}, []string{"recurrencePattern.yearlyPattern.day:invalid_day_of_month"}},
		{"yearly 29 February is allowed", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnDate, Month: 2, Day: 29}}
		}, nil},
		{"yearly month 13", func(s *Schedule) {
			s.RecurrencePattern = RecurrencePattern{Type: Yearly, YearlyPattern: &YearlyPattern{Type: OnWeekdayOfMon, Month: 13, Week: LastWeek, Weekday: wdp(time.Sunday)}}
		}, []string{"recurrencePattern.yearlyPattern.month:invalid_month"}},
		{"missing yearly pattern", func(s *Schedule) { s.RecurrencePattern = RecurrencePattern{Type: Yearly} },
			[]string{"recurrencePattern.yearlyPattern:missing_pattern"}},
		{"bad time of day", func(s *Schedule) { s.RecurrencePattern.TimeOfDay = TimeOfDay{25, 0} },
			[]string{"recurrencePattern.timeOfDay:invalid_time_of_day"}},
		{"unknown zone", func(s *Schedule) { s.RecurrencePattern.TimeZone = "Europe/Atlantis" },
			[]string{"recurrencePattern.timeZone:invalid_time_zone"}},
		{"the machine's zone", func(s *Schedule) { s.RecurrencePattern.TimeZone = "Local" },
			[]string{"recurrencePattern.timeZone:invalid_time_zone"}},
		{"unknown holiday handling", func(s *Schedule) { s.RecurrencePattern.HolidayHandling = "skip" },
			[]string{"recurrencePattern.holidayHandling:invalid_holiday_handling"}},
		{"no start date", func(s *Schedule) { s.ScheduleStartDate = Date{} }, []string{"scheduleStartDate:missing_start_date"}},
		{"end by date without a date", func(s *Schedule) { s.ScheduleEndCondition = EndCondition{Type: EndByDate} },
			[]string{"scheduleEndCondition.endDate:missing_end_date"}},
		{"end before the start", func(s *Schedule) { s.ScheduleEndCondition = EndCondition{Type: EndByDate, EndDate: d("2025-12-31")} },
			[]string{"scheduleEndCondition.endDate:end_date_before_start"}},
		{"zero occurrences", func(s *Schedule) { s.ScheduleEndCondition = EndCondition{Type: EndAfterOccurrences} },
			[]string{"scheduleEndCondition.occurrences:invalid_occurrences"}},
		{"unknown end condition", func(s *Schedule) { s.ScheduleEndCondition = EndCondition{Type: "never"} },
			[]string{"scheduleEndCondition.type:invalid_end_condition"}},
		{"unknown reporting unit", func(s *Schedule) { s.ReportingPeriod = &ReportingPeriod{Unit: "fortnight"} },
			[]string{"reportingPeriod.unit:invalid_reporting_period"}},
		{"reporting offset at the bound", func(s *Schedule) { s.ReportingPeriod = &ReportingPeriod{Unit: "month", Offset: -MaxReportingOffset} }, nil},
		{"reporting offset past the bound", func(s *Schedule) { s.ReportingPeriod = &ReportingPeriod{Unit: "year", Offset: MaxReportingOffset + 1} },
			[]string{"reportingPeriod.offset:invalid_reporting_period"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := valid()
			tc.edit(&s)
			err := s.Validate("fi")
			if tc.fields == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrInvalidSchedule)
			var got []string
			for _, fe := range err.(*FieldErrors).Errors {
				got = append(got, fe.Field+":"+fe.Code)
			}
			assert.Equal(t, tc.fields, got)
		})
	}
}

func TestParseSchedule(t *testing.T) {
	t.Parallel()
	s, err := ParseSchedule([]byte(`{
		"recurrencePattern": {"type": "weekly", "timeOfDay": "07:45", "timeZone": "Europe/Stockholm",
			"weeklyPattern": {"interval": 2, "weekdays": ["monday", "Fri"]}},
		"reportingPeriod": "previous_week",
		"scheduleEndCondition": {"type": "end_after_occurrences", "occurrences": 10},
		"scheduleStartDate": "2026-01-05"}`))
	require.NoError(t, err)
	assert.Equal(t, Schedule{
		RecurrencePattern: RecurrencePattern{Type: Weekly, TimeOfDay: TimeOfDay{7, 45}, TimeZone: "Europe/Stockholm",
			WeeklyPattern: &WeeklyPattern{Interval: 2, Weekdays: wd(time.Monday, time.Friday)}},
		ReportingPeriod:      &ReportingPeriod{Unit: UnitWeek, Offset: -1},
		ScheduleEndCondition: EndCondition{Type: EndAfterOccurrences, Occurrences: 10},
		ScheduleStartDate:    d("2026-01-05"),
	}, s)

	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"recurrencePattern": {"type": "weekly", "timeOfDay": "07:45", "timeZone": "Europe/Stockholm",
			"weeklyPattern": {"interval": 2, "weekdays": ["monday", "friday"]}},
		"reportingPeriod": {"unit": "week", "offset": -1},
		"scheduleEndCondition": {"type": "end_after_occurrences", "occurrences": 10},
		"scheduleStartDate": "2026-01-05"}`, string(b))
	again, err := ParseSchedule(b)
	require.NoError(t, err)
	assert.Equal(t, s, again)

	for _, bad := range []string{
		`{"recurrencePattern": {"type": "weekly", "weeklyPattern": {"weekdays": ["someday"]}}}`,
		`{"recurrencePattern": {"type": "daily", "timeOfDay": "7pm"}}`,
		`{"reportingPeriod": "last_month"}`,
		`{"scheduleStartDate": "01.02.2026"}`,
		`[`,
	} {
		_, err := ParseSchedule([]byte(bad))
		require.ErrorIs(t, err, ErrInvalidSchedule, bad)
		assert.True(t, err.(*FieldErrors).Has("invalid_json"), bad)
	}
	_, err = ParseSchedule([]byte(`{"recurrencePattern": {"type": "daily", "dailyPattern": {"type": "every_weekday"}}}`))
	require.ErrorIs(t, err, ErrInvalidSchedule)
	assert.True(t, err.(*FieldErrors).Has("missing_start_date"))
}

// randomSchedule draws a valid schedule starting between 1990 and 2090.
func randomSchedule(r *rand.Rand) Schedule {
	s := Schedule{ScheduleStartDate: d("1990-01-01").AddDays(r.IntN(36500))}
	s.RecurrencePattern.TimeOfDay = TimeOfDay{r.IntN(24), r.IntN(60)}
	s.RecurrencePattern.TimeZone = []string{"Europe/Helsinki", "Europe/London", "UTC", "Asia/Tokyo"}[r.IntN(4)]
	interval := r.IntN(4) // 0 means 1
	weeks := []WeekOrdinal{FirstWeek, SecondWeek, ThirdWeek, FourthWeek, LastWeek}
	switch r.IntN(6) {
	case 0:
		s.RecurrencePattern.Type = Daily
		s.RecurrencePattern.DailyPattern = &DailyPattern{Type: EveryNDays, Interval: interval}
	case 1:
		s.RecurrencePattern.Type = Daily
		s.RecurrencePattern.DailyPattern = &DailyPattern{Type: EveryWeekday}
	case 2:
		s.RecurrencePattern.Type = Weekly
		var days []Weekday
		for w := range 7 {
			if r.IntN(3) == 0 {
				days = append(days, Weekday(w))
			}
		}
		if len(days) == 0 {
			days = append(days, Weekday(r.IntN(7)))
		}
		r.Shuffle(len(days), func(i, j int) { days[i], days[j] = days[j], days[i] })
		s.RecurrencePattern.WeeklyPattern = &WeeklyPattern{Interval: interval, Weekdays: days}
	case 3:
		s.RecurrencePattern.Type = Monthly
		if r.IntN(2) == 0 {
			s.RecurrencePattern.MonthlyPattern = &MonthlyPattern{Type: OnDayOfMonth, Interval: interval, Day: 1 + r.IntN(31)}
		} else {
			s.RecurrencePattern.MonthlyPattern = &MonthlyPattern{Type: OnWeekdayOfMon, Interval: interval, Week: weeks[r.IntN(5)], Weekday: wdp(time.Weekday(r.IntN(7)))}
		}
	default:
		s.RecurrencePattern.Type = Yearly
		m := 1 + r.IntN(12)
		if r.IntN(2) == 0 {
			s.RecurrencePattern.YearlyPattern = &YearlyPattern{Type: OnDate, Interval: interval, Month: m, Day: 1 + r.IntN(DaysIn(2000, time.Month(m)))}
		} else {
			s.RecurrencePattern.YearlyPattern = &YearlyPattern{Type: OnWeekdayOfMon, Interval: interval, Month: m, Week: weeks[r.IntN(5)], Weekday: wdp(time.Weekday(r.IntN(7)))}
		}
	}
	s.RecurrencePattern.HolidayHandling = []HolidayHandling{"", PreviousWeekday, NextWeekday, NoChange}[r.IntN(4)]
	switch r.IntN(3) {
	case 1:
		s.ScheduleEndCondition = EndCondition{Type: EndByDate, EndDate: s.ScheduleStartDate.AddDays(r.IntN(2000))}
	case 2:
		s.ScheduleEndCondition = EndCondition{Type: EndAfterOccurrences, Occurrences: 1 + r.IntN(40)}
	}
	if r.IntN(2) == 0 {
		s.ReportingPeriod = &ReportingPeriod{Unit: []PeriodUnit{UnitDay, UnitWeek, UnitMonth, UnitQuarter, UnitYear}[r.IntN(5)], Offset: r.IntN(3) - 1}
	}
	return s
}

// matches says whether a day is a pattern date, straight from the
// definitions, with the time package's calendar arithmetic.
func matches(s Schedule, day Date) bool {
	if day.Before(s.ScheduleStartDate) {
		return false
	}
	p := s.RecurrencePattern
	tt := time.Date(day.Year, day.Month, day.Day, 12, 0, 0, 0, time.UTC)
	st := time.Date(s.ScheduleStartDate.Year, s.ScheduleStartDate.Month, s.ScheduleStartDate.Day, 12, 0, 0, 0, time.UTC)
	every := func(n int) int { return max(n, 1) }
	daysBetween := int(tt.Sub(st).Hours()+0.5) / 24
	lastDay := time.Date(day.Year, day.Month+1, 0, 12, 0, 0, 0, time.UTC).Day()
	ordinalOK := func(week WeekOrdinal, wd *Weekday) bool {
		if tt.Weekday() != time.Weekday(*wd) {
			return false
		}
		if week == LastWeek {
			return day.Day+7 > lastDay
		}
		return (day.Day-1)/7+1 == week.n()
	}
	monthsBetween := (day.Year-s.ScheduleStartDate.Year)*12 + int(day.Month) - int(s.ScheduleStartDate.Month)
	switch p.Type {
	case Daily:
		if p.DailyPattern.Type == EveryWeekday {
			return tt.Weekday() != time.Saturday && tt.Weekday() != time.Sunday
		}
		return daysBetween%every(p.DailyPattern.Interval) == 0
	case Weekly:
		found := false
		for _, w := range p.WeeklyPattern.Weekdays {
			found = found || time.Weekday(w) == tt.Weekday()
		}
		mondayOf := func(x time.Time) time.Time { return x.AddDate(0, 0, -((int(x.Weekday()) + 6) % 7)) }
		weeks := int(mondayOf(tt).Sub(mondayOf(st)).Hours()+0.5) / (24 * 7)
		return found && weeks%every(p.WeeklyPattern.Interval) == 0
	case Monthly:
		m := p.MonthlyPattern
		if monthsBetween%every(m.Interval) != 0 {
			return false
		}
		if m.Type == OnDayOfMonth {
			return day.Day == min(m.Day, lastDay)
		}
		return ordinalOK(m.Week, m.Weekday)
	case Yearly:
		y := p.YearlyPattern
		if int(day.Month) != y.Month || (day.Year-s.ScheduleStartDate.Year)%every(y.Interval) != 0 {
			return false
		}
		if y.Type == OnWeekdayOfMon {
			return ordinalOK(y.Week, y.Weekday)
		}
		return day.Day == min(y.Day, lastDay)
	}
	return false
}

// Without a calendar the occurrences are exactly the pattern dates after the
// instant, numbered from the start date, within the end condition.
func TestNextOccurrencesMatchBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(99, 1))
	for i := range 1500 {
		s := randomSchedule(r)
		loc, err := LoadLocation(s.RecurrencePattern.TimeZone)
		require.NoError(t, err)
		after := s.ScheduleStartDate.AddDays(r.IntN(900)-100).At(TimeOfDay{r.IntN(24), r.IntN(60)}, loc)
		n := 1 + r.IntN(6)
		got, err := NextOccurrences(s, after, n, nil)
		require.NoError(t, err)

		var want []Occurrence
		number := 0
		for day := s.ScheduleStartDate; len(want) < n && day.Year < s.ScheduleStartDate.Year+60; day = day.AddDays(1) {
			if !matches(s, day) {
				continue
			}
			number++
			if (s.ScheduleEndCondition.Type == EndByDate && day.After(s.ScheduleEndCondition.EndDate)) ||
				(s.ScheduleEndCondition.Type == EndAfterOccurrences && number > s.ScheduleEndCondition.Occurrences) {
				break
			}
			at := day.At(s.RecurrencePattern.TimeOfDay, loc)
			if at.After(after) {
				want = append(want, Occurrence{Number: number, At: at, Date: day, Nominal: day})
			}
		}
		require.Len(t, got, len(want), "case %d: %+v after %s", i, s, after)
		for k := range want {
			msg := fmt.Sprintf("case %d #%d: %+v after %s", i, k, s, after)
			require.Equal(t, want[k].Date, got[k].Date, msg)
			require.Equal(t, want[k].Number, got[k].Number, msg)
			require.True(t, want[k].At.Equal(got[k].At), msg)
			require.Empty(t, got[k].Moved, msg)
			if s.ReportingPeriod != nil {
				require.Equal(t, s.ReportingPeriod.For(want[k].Date), *got[k].ReportingPeriod, msg)
			}
		}
	}
}

// With a calendar: strictly increasing, moved the way the handling says onto
// business days, every pattern date either run or merged into the run before
// it, and the end condition respected.
func TestNextOccurrencesWithHolidaysProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 5))
	cals := calendars()
	for i := range 1500 {
		s := randomSchedule(r)
		cal := cals[r.IntN(len(cals))]
		loc, _ := LoadLocation(s.RecurrencePattern.TimeZone)
		after := s.ScheduleStartDate.AddDays(r.IntN(900)-100).At(TimeOfDay{r.IntN(24), 0}, loc)
		n := 1 + r.IntN(8)
		got, err := NextOccurrences(s, after, n, cal)
		require.NoError(t, err)
		handling := s.RecurrencePattern.HolidayHandling
		if handling == "" {
			handling = NextWeekday
		}
		msg := fmt.Sprintf("case %d: %+v after %s in %s", i, s, after, cal.Country())
		if len(got) > 0 && s.ScheduleEndCondition.Type != EndAfterOccurrences {
			// No earlier pattern date, moved by the handling, runs after the
			// instant but was missed.
			for day := DateOf(after.In(loc)).AddDays(-40); day.Before(got[0].Nominal); day = day.AddDays(1) {
				if matches(s, day) {
					moved, _ := cal.Adjust(day, handling)
					require.False(t, moved.At(s.RecurrencePattern.TimeOfDay, loc).After(after), "pattern date %s missed: %s", day, msg)
				}
			}
		}
		prev := after
		for k, o := range got {
			require.True(t, o.At.After(prev), "strictly increasing: "+msg)
			prev = o.At
			require.True(t, matches(s, o.Nominal), msg)
			switch handling {
			case NoChange:
				require.Equal(t, o.Nominal, o.Date, msg)
			case PreviousWeekday:
				require.True(t, cal.IsBusinessDay(o.Date), msg)
				require.False(t, o.Date.After(o.Nominal), msg)
			case NextWeekday:
				require.True(t, cal.IsBusinessDay(o.Date), msg)
				require.False(t, o.Date.Before(o.Nominal), msg)
			}
			switch e := s.ScheduleEndCondition; e.Type {
			case EndByDate:
				require.False(t, o.Nominal.After(e.EndDate), msg)
			case EndAfterOccurrences:
				require.LessOrEqual(t, o.Number, e.Occurrences, msg)
			}
			if k > 0 {
				// Pattern dates skipped between two runs were merged into
				// the earlier run: they resolve to its day.
				for day := got[k-1].Nominal.AddDays(1); day.Before(o.Nominal); day = day.AddDays(1) {
					if matches(s, day) {
						moved, _ := cal.Adjust(day, handling)
						require.Equal(t, got[k-1].Date, moved, "pattern date %s dropped: %s", day, msg)
					}
				}
				require.Greater(t, o.Number, got[k-1].Number, msg)
			}
		}
	}
}
