package graph

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDueDateRuleResolve(t *testing.T) {
	t.Parallel()
	fi := MustCalendar("fi")
	field := &AnchorDate{DayNumber: 12, DateType: DayOfFollowingMonth, FollowingInterval: 1}
	tests := []struct {
		name    string
		rule    DueDateRule
		start   string
		field   *AnchorDate
		want    string
		nominal string
		holiday []string
	}{
		{"five days later is Midsummer Day, back over Midsummer Eve",
			DueDateRule{Type: DueOffset, Days: 5}, "2026-06-15", nil, "2026-06-18", "2026-06-20", []string{"Midsummer Day", "Midsummer Eve"}},
		{"five days later, forward",
			DueDateRule{Type: DueOffset, Days: 5, HolidayHandling: NextWeekday}, "2026-06-15", nil, "2026-06-22", "2026-06-20", []string{"Midsummer Day"}},
		{"five days later, unchanged",
			DueDateRule{Type: DueOffset, Days: 5, HolidayHandling: NoChange}, "2026-06-15", nil, "2026-06-20", "2026-06-20", nil},
		{"five business days skip Midsummer",
			DueDateRule{Type: DueOffset, Days: 5, BusinessDays: true}, "2026-06-15", nil, "2026-06-23", "2026-06-23", nil},
		{"same day",
			DueDateRule{Type: DueOffset}, "2026-06-16", nil, "2026-06-16", "2026-06-16", nil},
		{"the company's anchor field",
			DueDateRule{Type: DueAnchorDate, DynamicFieldID: "17"}, "2026-01-05", field, "2026-02-12", "2026-02-12", nil},
		{"an inline anchor",
			DueDateRule{Type: DueAnchorDate, AnchorDate: &AnchorDate{DayNumber: 24, DateType: DayOfMonth}}, "2026-12-01", nil, "2026-12-23", "2026-12-24", []string{"Christmas Eve"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, ok, err := tc.rule.Resolve(d(tc.start), tc.field, fi)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, tc.want, res.Date.String())
			assert.Equal(t, tc.nominal, res.Nominal.String())
			var names []string
			for _, h := range res.Holidays() {
				names = append(names, h.Name)
			}
			assert.Equal(t, tc.holiday, names)
		})
	}

	_, ok, err := DueDateRule{Type: DueNone}.Resolve(d("2026-01-01"), nil, fi)
	assert.NoError(t, err)
	assert.False(t, ok, "no due date")
	_, ok, err = DueDateRule{}.Resolve(d("2026-01-01"), nil, fi)
	assert.NoError(t, err)
	assert.False(t, ok, "the empty rule is none")

	_, _, err = DueDateRule{Type: DueAnchorDate, DynamicFieldID: "17"}.Resolve(d("2026-01-01"), nil, fi)
	assert.ErrorIs(t, err, ErrInvalidAnchorDate, "the company has no value for the field")
	_, _, err = DueDateRule{Type: DueOffset, Days: -2}.Resolve(d("2026-01-01"), nil, fi)
	assert.ErrorIs(t, err, ErrInvalidGraph)
}

func TestWaitUntil(t *testing.T) {
	t.Parallel()
	hel, err := LoadLocation("Europe/Helsinki")
	require.NoError(t, err)
	fi := MustCalendar("fi")
	at := func(s string) time.Time {
		tt, err := time.ParseInLocation("2006-01-02 15:04", s, hel)
		require.NoError(t, err)
		return tt
	}
	fifth := &AnchorDate{DayNumber: 5, DateType: DayOfMonth}
	tests := []struct {
		name  string
		wait  WaitData
		start time.Time
		field *AnchorDate
		want  time.Time
	}{
		{"a duration", WaitData{Type: WaitDuration, Days: 2, Hours: 3, Minutes: 30}, at("2026-03-27 10:00"), nil, at("2026-03-27 10:00").Add(51*time.Hour + 30*time.Minute)},
		{"this month's 5th is still ahead", WaitData{Type: WaitAnchorDate, AnchorDate: fifth, TimeOfDay: TimeOfDay{9, 0}}, at("2026-01-02 10:00"), nil, at("2026-01-05 09:00")},
		{"this month's 5th has passed, next month's", WaitData{Type: WaitAnchorDate, AnchorDate: fifth, TimeOfDay: TimeOfDay{9, 0}}, at("2026-01-05 10:00"), nil, at("2026-02-05 09:00")},
		{"the anchor from the company's field", WaitData{Type: WaitAnchorDate, DynamicFieldID: "5"}, at("2026-04-01 08:00"), &AnchorDate{DayNumber: 1, DateType: WeekOfMonth, HolidayHandling: NextWeekday}, at("2026-04-07 00:00")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _, err := tc.wait.Until(tc.start, tc.field, fi)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.True(t, got.After(tc.start))
		})
	}
	_, _, err = WaitData{Type: WaitAnchorDate, DynamicFieldID: "5"}.Until(at("2026-04-01 08:00"), nil, fi)
	assert.ErrorIs(t, err, ErrInvalidAnchorDate)
}
