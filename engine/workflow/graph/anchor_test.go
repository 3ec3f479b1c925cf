package graph

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnchorDateResolve(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		anchor  AnchorDate
		ref     string
		nominal string
		want    string
		moved   []string // holiday names that moved it
	}{
		{"Friday of the week is Midsummer Eve, moved to Thursday",
			AnchorDate{DayNumber: 5, DateType: DayOfWeek}, "2026-06-17", "2026-06-19", "2026-06-18", []string{"Midsummer Eve"}},
		{"Monday of Easter week back to Maundy Thursday",
			AnchorDate{DayNumber: 1, DateType: DayOfWeek, HolidayHandling: PreviousWeekday}, "2026-04-08", "2026-04-06", "2026-04-02",
			[]string{"Easter Monday", "Easter Sunday", "Good Friday"}},
		{"Monday of Easter week forward to Tuesday",
			AnchorDate{DayNumber: 1, DateType: DayOfWeek, HolidayHandling: NextWeekday}, "2026-04-10", "2026-04-06", "2026-04-07",
			[]string{"Easter Monday"}},
		{"Sunday of the week with no_change",
			AnchorDate{DayNumber: 7, DateType: DayOfWeek, HolidayHandling: NoChange}, "2026-03-02", "2026-03-08", "2026-03-08", nil},
		{"Wednesday two weeks after",
			AnchorDate{DayNumber: 3, DateType: DayOfFollowingWeek, FollowingInterval: 2}, "2026-01-07", "2026-01-21", "2026-01-21", nil},
		{"Monday of the following week is Easter Monday",
			AnchorDate{DayNumber: 1, DateType: DayOfFollowingWeek, FollowingInterval: 1}, "2026-03-31", "2026-04-06", "2026-04-02",
			[]string{"Easter Monday", "Easter Sunday", "Good Friday"}},
		{"following interval 0 is the same week",
			AnchorDate{DayNumber: 2, DateType: DayOfFollowingWeek, FollowingInterval: 0}, "2026-01-09", "2026-01-06", "2026-01-05",
			[]string{"Epiphany"}},
		{"day 31 in February is its last day, a Saturday",
			AnchorDate{DayNumber: 31, DateType: DayOfMonth}, "2026-02-10", "2026-02-28", "2026-02-27", nil},
		{"day 31 in a leap February is the 29th",
			AnchorDate{DayNumber: 31, DateType: DayOfMonth}, "2024-02-01", "2024-02-29", "2024-02-29", nil},
		{"day 31 in April is the 30th",
			AnchorDate{DayNumber: 31, DateType: DayOfMonth, HolidayHandling: NextWeekday}, "2026-04-30", "2026-04-30", "2026-04-30", nil},
		{"day 6 of December is Independence Day on a Sunday, forward",
			AnchorDate{DayNumber: 6, DateType: DayOfMonth, HolidayHandling: NextWeekday}, "2026-12-31", "2026-12-06", "2026-12-07",
			[]string{"Independence Day"}},
		{"12th of the following month",
			AnchorDate{DayNumber: 12, DateType: DayOfFollowingMonth, FollowingInterval: 1}, "2026-01-05", "2026-02-12", "2026-02-12", nil},
		{"31st of the following month from January 31",
			AnchorDate{DayNumber: 31, DateType: DayOfFollowingMonth, FollowingInterval: 1}, "2026-01-31", "2026-02-28", "2026-02-27", nil},
		{"following month across the year end",
			AnchorDate{DayNumber: 1, DateType: DayOfFollowingMonth, FollowingInterval: 1, HolidayHandling: NextWeekday}, "2025-12-15", "2026-01-01", "2026-01-02",
			[]string{"New Year's Day"}},
		{"following interval 12 months",
			AnchorDate{DayNumber: 5, DateType: DayOfFollowingMonth, FollowingInterval: 12}, "2026-03-10", "2027-03-05", "2027-03-05", nil},
		{"following interval 0 months is this month",
			AnchorDate{DayNumber: 24, DateType: DayOfFollowingMonth, FollowingInterval: 0}, "2026-12-01", "2026-12-24", "2026-12-23",
			[]string{"Christmas Eve"}},
		{"first week of June 2026 starts Monday the 1st",
			AnchorDate{DayNumber: 1, DateType: WeekOfMonth}, "2026-06-30", "2026-06-01", "2026-06-01", nil},
		{"fourth week of February 2026",
			AnchorDate{DayNumber: 4, DateType: WeekOfMonth}, "2026-02-01", "2026-02-23", "2026-02-23", nil},
		{"first week of April 2026 starts on Easter Monday, forward",
			AnchorDate{DayNumber: 1, DateType: WeekOfMonth, HolidayHandling: NextWeekday}, "2026-04-20", "2026-04-06", "2026-04-07",
			[]string{"Easter Monday"}},
		{"December of the year",
			AnchorDate{DayNumber: 12, DateType: MonthOfYear}, "2026-05-01", "2026-12-01", "2026-12-01", nil},
		{"January 1st back into the previous year",
			AnchorDate{DayNumber: 1, DateType: MonthOfYear}, "2026-08-01", "2026-01-01", "2025-12-31", []string{"New Year's Day"}},
		{"May 1st forward over May Day on a Friday",
			AnchorDate{DayNumber: 5, DateType: MonthOfYear, HolidayHandling: NextWeekday}, "2026-08-01", "2026-05-01", "2026-05-04",
			[]string{"May Day"}},
	}
	fi := MustCalendar("fi")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, err := tc.anchor.Resolve(d(tc.ref), fi)
			require.NoError(t, err)
			assert.Equal(t, tc.nominal, r.Nominal.String(), "nominal")
			assert.Equal(t, tc.want, r.Date.String(), "resolved")
			var names []string
			for _, h := range r.Holidays() {
				names = append(names, h.Name)
			}
			assert.Equal(t, tc.moved, names)
			assert.True(t, r.Period.Contains(d(tc.ref)), "the period is the reference's")
		})
	}
}

func TestAnchorDateValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		anchor AnchorDate
		codes  []string
	}{
		{"valid", AnchorDate{DayNumber: 31, DateType: DayOfMonth, FollowingInterval: 1}, nil},
		{"unknown type", AnchorDate{DayNumber: 1, DateType: "day_of_year"}, []string{"invalid_date_type"}},
		{"no type", AnchorDate{DayNumber: 1}, []string{"invalid_date_type"}},
		{"day 0", AnchorDate{DayNumber: 0, DateType: DayOfMonth}, []string{"invalid_day_number"}},
		{"day 32", AnchorDate{DayNumber: 32, DateType: DayOfFollowingMonth}, []string{"invalid_day_number"}},
		{"weekday 8", AnchorDate{DayNumber: 8, DateType: DayOfWeek}, []string{"invalid_day_number"}},
		{"week 5", AnchorDate{DayNumber: 5, DateType: WeekOfMonth}, []string{"invalid_day_number"}},
		{"month 13", AnchorDate{DayNumber: 13, DateType: MonthOfYear}, []string{"invalid_day_number"}},
		{"negative interval", AnchorDate{DayNumber: 1, DateType: DayOfFollowingWeek, FollowingInterval: -1}, []string{"invalid_following_interval"}},
		{"huge interval", AnchorDate{DayNumber: 1, DateType: DayOfFollowingWeek, FollowingInterval: 100000}, []string{"invalid_following_interval"}},
		{"bad handling and day", AnchorDate{DayNumber: 40, DateType: DayOfMonth, HolidayHandling: "nearest"}, []string{"invalid_day_number", "invalid_holiday_handling"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.anchor.Validate()
			if tc.codes == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrInvalidAnchorDate)
			var codes []string
			for _, fe := range err.(*FieldErrors).Errors {
				codes = append(codes, fe.Code)
			}
			assert.Equal(t, tc.codes, codes)
			_, rerr := tc.anchor.Resolve(d("2026-01-01"), nil)
			assert.ErrorIs(t, rerr, ErrInvalidAnchorDate, "Resolve refuses an invalid anchor")
		})
	}
}

func TestAnchorDateJSON(t *testing.T) {
	t.Parallel()
	var a AnchorDate
	require.NoError(t, json.Unmarshal([]byte(`{"day_number": 5, "date_type": "day_of_month"}`), &a))
	assert.Equal(t, AnchorDate{DayNumber: 5, DateType: DayOfMonth, FollowingInterval: 1}, a, "following_interval defaults to 1")

	require.NoError(t, json.Unmarshal([]byte(`{"day_number": "12", "date_type": "day_of_following_month", "following_interval": 0, "holiday_handling": "next_weekday"}`), &a))
	assert.Equal(t, AnchorDate{DayNumber: 12, DateType: DayOfFollowingMonth, FollowingInterval: 0, HolidayHandling: NextWeekday}, a)

	assert.ErrorIs(t, json.Unmarshal([]byte(`{"day_number": "twelve", "date_type": "day_of_month"}`), &a), ErrInvalidAnchorDate)

	b, err := json.Marshal(AnchorDate{DayNumber: 3, DateType: WeekOfMonth, FollowingInterval: 1, HolidayHandling: NoChange})
	require.NoError(t, err)
	assert.JSONEq(t, `{"day_number":3,"date_type":"week_of_month","following_interval":1,"holiday_handling":"no_change"}`, string(b))
}

// dates lists the resolved dates of rs.
func dates(rs []Resolution) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Date.String())
	}
	return out
}

func TestAnchorDateOccurrences(t *testing.T) {
	t.Parallel()
	fi := MustCalendar("fi")
	t.Run("15th of each month, weekends moved forward", func(t *testing.T) {
		rs, err := AnchorDate{DayNumber: 15, DateType: DayOfMonth, HolidayHandling: NextWeekday}.Occurrences(d("2026-01-14"), 3, fi)
		require.NoError(t, err)
		assert.Equal(t, []string{"2026-01-15", "2026-02-16", "2026-03-16"}, dates(rs))
	})
	t.Run("strictly after: the day itself is not included", func(t *testing.T) {
		r, err := AnchorDate{DayNumber: 15, DateType: DayOfMonth}.Next(d("2026-01-15"), fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-02-13", r.Date.String())
	})
	t.Run("next year's January 1st moved back into this year", func(t *testing.T) {
		rs, err := AnchorDate{DayNumber: 1, DateType: MonthOfYear}.Occurrences(d("2025-12-30"), 3, fi)
		require.NoError(t, err)
		assert.Equal(t, []string{"2025-12-31", "2026-12-31", "2027-12-31"}, dates(rs))
		assert.Equal(t, "2026", rs[0].Period.Label, "it is the anchor date of 2026")
	})
	t.Run("following month anchors belong to the month before", func(t *testing.T) {
		rs, err := AnchorDate{DayNumber: 12, DateType: DayOfFollowingMonth, FollowingInterval: 1}.Occurrences(d("2026-01-01"), 2, fi)
		require.NoError(t, err)
		assert.Equal(t, []string{"2026-01-12", "2026-02-12"}, dates(rs))
		assert.Equal(t, "2025-12", rs[0].Period.Label)
	})
	t.Run("two weeks moved onto the same Friday fire once", func(t *testing.T) {
		var closed []Holiday
		for day := d("2026-12-21"); !day.After(d("2027-01-01")); day = day.AddDays(1) {
			closed = append(closed, Holiday{Date: day, Name: "Office closed"})
		}
		cal := MustCalendar("fi", closed...)
		rs, err := AnchorDate{DayNumber: 1, DateType: DayOfWeek}.Occurrences(d("2026-12-11"), 3, cal)
		require.NoError(t, err)
		assert.Equal(t, []string{"2026-12-14", "2026-12-18", "2027-01-04"}, dates(rs))
	})
}

func TestAnchorDateOccurrencesOffset(t *testing.T) {
	t.Parallel()
	fi := MustCalendar("fi")
	t.Run("negative: days before the anchor day, then moved off the weekend", func(t *testing.T) {
		// 10 January 2026 is a Saturday: the anchor itself would be Friday the
		// 9th, but the offset counts from the anchor's own day, the 10th.
		rs, err := AnchorDate{DayNumber: 10, DateType: DayOfMonth}.OccurrencesOffset(d("2026-01-01"), 3, -3, fi)
		require.NoError(t, err)
		assert.Equal(t, []string{"2026-01-07", "2026-02-06", "2026-03-06"}, dates(rs))
		assert.Equal(t, "2026-02-07", rs[1].Nominal.String(), "the moved day is what holiday handling started from")
	})
	t.Run("positive: a previous period's anchor moved past after still counts", func(t *testing.T) {
		rs, err := AnchorDate{DayNumber: 12, DateType: MonthOfYear}.OccurrencesOffset(d("2026-01-01"), 2, 45, fi)
		require.NoError(t, err)
		assert.Equal(t, []string{"2026-01-15", "2027-01-15"}, dates(rs))
		assert.Equal(t, "2025", rs[0].Period.Label, "it is the anchor date of December 2025")
	})
	t.Run("landing on a holiday is moved as the anchor says", func(t *testing.T) {
		// 1 January + 5 days is Epiphany (Tuesday 6 January 2026 in Finland).
		back, err := AnchorDate{DayNumber: 1, DateType: DayOfMonth}.OccurrencesOffset(d("2026-01-01"), 1, 5, fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-01-05", back[0].Date.String())
		assert.Equal(t, "2026-01-06", back[0].Nominal.String())
		require.Len(t, back[0].Holidays(), 1)
		fwd, err := AnchorDate{DayNumber: 1, DateType: DayOfMonth, HolidayHandling: NextWeekday}.OccurrencesOffset(d("2026-01-01"), 1, 5, fi)
		require.NoError(t, err)
		assert.Equal(t, "2026-01-07", fwd[0].Date.String())
	})
	t.Run("zero is the anchor date itself", func(t *testing.T) {
		a := AnchorDate{DayNumber: 15, DateType: DayOfMonth, HolidayHandling: NextWeekday}
		plain, err := a.Occurrences(d("2026-01-14"), 3, fi)
		require.NoError(t, err)
		zero, err := a.OccurrencesOffset(d("2026-01-14"), 3, 0, fi)
		require.NoError(t, err)
		assert.Equal(t, plain, zero)
	})
	t.Run("beyond a year either way is refused", func(t *testing.T) {
		for _, off := range []int{MaxOffsetDays + 1, -MaxOffsetDays - 1} {
			_, err := AnchorDate{DayNumber: 1, DateType: DayOfMonth}.OccurrencesOffset(d("2026-01-01"), 1, off, fi)
			assert.ErrorIs(t, err, ErrInvalidAnchorDate)
		}
	})
}

// referenceNominal computes an anchor's nominal day with the time package,
// independently of the package's own arithmetic.
func referenceNominal(a AnchorDate, ref Date) Date {
	rt := time.Date(ref.Year, ref.Month, ref.Day, 12, 0, 0, 0, time.UTC)
	monday := rt.AddDate(0, 0, -((int(rt.Weekday()) + 6) % 7))
	clamp := func(y int, m time.Month, day int) Date {
		first := time.Date(y, m, 1, 12, 0, 0, 0, time.UTC)
		last := first.AddDate(0, 1, -1).Day()
		return Date{first.Year(), first.Month(), min(day, last)}
	}
	switch a.DateType {
	case DayOfWeek:
		return DateOf(monday.AddDate(0, 0, a.DayNumber-1))
	case DayOfFollowingWeek:
		return DateOf(monday.AddDate(0, 0, 7*a.FollowingInterval+a.DayNumber-1))
	case DayOfMonth:
		return clamp(ref.Year, ref.Month, a.DayNumber)
	case DayOfFollowingMonth:
		m := time.Date(ref.Year, ref.Month+time.Month(a.FollowingInterval), 1, 12, 0, 0, 0, time.UTC)
		return clamp(m.Year(), m.Month(), a.DayNumber)
	case WeekOfMonth:
		n := 0
		for day := 1; ; day++ {
			t := time.Date(ref.Year, ref.Month, day, 12, 0, 0, 0, time.UTC)
			if t.Weekday() == time.Monday {
				n++
				if n == a.DayNumber {
					return DateOf(t)
				}
			}
		}
	case MonthOfYear:
		return Date{ref.Year, time.Month(a.DayNumber), 1}
	}
	return Date{}
}

func randomAnchor(r *rand.Rand) AnchorDate {
	typ := AnchorDateTypes[r.IntN(len(AnchorDateTypes))]
	lo, hi := typ.dayNumberRange()
	handlings := []HolidayHandling{"", PreviousWeekday, NextWeekday, NoChange}
	return AnchorDate{
		DayNumber:         lo + r.IntN(hi-lo+1),
		DateType:          typ,
		FollowingInterval: r.IntN(4),
		HolidayHandling:   handlings[r.IntN(len(handlings))],
	}
}

func calendars() []*Calendar {
	var out []*Calendar
	for _, c := range KnownCountries() {
		out = append(out, MustCalendar(c))
	}
	return out
}

// Properties of resolved anchor dates on random anchors, countries and days
// from 1990 to 2100.
func TestAnchorDateResolveProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(20260101, 5))
	cals := calendars()
	first, span := d("1990-01-01"), d("1990-01-01").DaysUntil(d("2100-12-31"))
	for i := range 40000 {
		a := randomAnchor(r)
		cal := cals[r.IntN(len(cals))]
		ref := first.AddDays(r.IntN(span + 1))
		res, err := a.Resolve(ref, cal)
		require.NoError(t, err)
		msg := fmt.Sprintf("case %d: %+v from %s in %s: %+v", i, a, ref, cal.Country(), res)

		require.Equal(t, referenceNominal(a, ref), res.Nominal, msg)
		switch a.HolidayHandling.orDefault() {
		case NoChange:
			require.Equal(t, res.Nominal, res.Date, msg)
			require.Empty(t, res.Moved, msg)
		case PreviousWeekday:
			require.True(t, cal.IsBusinessDay(res.Date), msg)
			require.False(t, res.Date.After(res.Nominal), "previous_weekday never moves forward: "+msg)
		case NextWeekday:
			require.True(t, cal.IsBusinessDay(res.Date), msg)
			require.False(t, res.Date.Before(res.Nominal), "next_weekday never moves back: "+msg)
		}
		// The resolved day is the closest business day: every day stepped
		// over is reported, and each is a weekend day or a holiday.
		require.Equal(t, abs(res.Nominal.DaysUntil(res.Date)), len(res.Moved), msg)
		for k, nb := range res.Moved {
			step := 1
			if res.Date.Before(res.Nominal) {
				step = -1
			}
			require.Equal(t, res.Nominal.AddDays(k*step), nb.Date, msg)
			require.False(t, cal.IsBusinessDay(nb.Date), msg)
			require.Equal(t, nb.Date.IsWeekend(), nb.Weekend, msg)
			require.Equal(t, cal.HolidaysOn(nb.Date), nb.Holidays, msg)
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Month ends and leap years: day 29, 30 and 31 of February, every year.
func TestAnchorDateMonthEndsEveryYear(t *testing.T) {
	t.Parallel()
	for y := 1990; y <= 2100; y++ {
		leap := time.Date(y, 2, 29, 0, 0, 0, 0, time.UTC).Month() == time.February
		for _, day := range []int{29, 30, 31} {
			for _, typ := range []AnchorDateType{DayOfMonth, DayOfFollowingMonth} {
				a := AnchorDate{DayNumber: day, DateType: typ, FollowingInterval: 1, HolidayHandling: NoChange}
				ref := Date{y, time.February, 10}
				if typ == DayOfFollowingMonth {
					ref = Date{y, time.January, 31}
				}
				res, err := a.Resolve(ref, nil)
				require.NoError(t, err)
				want := 28
				if leap {
					want = 29
				}
				require.Equal(t, Date{y, time.February, want}, res.Date, "%d %s day %d", y, typ, day)
			}
		}
		if y%400 == 0 || (y%4 == 0 && y%100 != 0) {
			require.True(t, leap, "%d", y)
		}
	}
	require.False(t, isLeap(2100))
	require.True(t, isLeap(2000))
}

// Holidays on Mondays and Fridays: stepping back from a Monday holiday lands
// on the Friday before or earlier, stepping forward from a Friday holiday on
// the Monday after or later, every year and country.
func TestHolidaysOnMondaysAndFridays(t *testing.T) {
	t.Parallel()
	mondays, fridays := 0, 0
	for _, cal := range calendars() {
		for y := 1990; y <= 2100; y++ {
			for _, h := range cal.Holidays(y) {
				switch h.Date.Weekday() {
				case time.Monday:
					mondays++
					got, moved := cal.Adjust(h.Date, PreviousWeekday)
					require.False(t, got.After(h.Date.AddDays(-3)), "%s %s %s", cal.Country(), h.Name, h.Date)
					require.True(t, cal.IsBusinessDay(got))
					require.GreaterOrEqual(t, len(moved), 3)
				case time.Friday:
					fridays++
					got, moved := cal.Adjust(h.Date, NextWeekday)
					require.False(t, got.Before(h.Date.AddDays(3)), "%s %s %s", cal.Country(), h.Name, h.Date)
					require.True(t, cal.IsBusinessDay(got))
					require.GreaterOrEqual(t, len(moved), 3)
				}
			}
		}
	}
	require.Greater(t, mondays, 1000)
	require.Greater(t, fridays, 1000)
}

// Chains of holidays around Easter and Christmas, every year.
func TestHolidayChainsEveryYear(t *testing.T) {
	t.Parallel()
	cals := map[string]*Calendar{}
	for _, c := range calendars() {
		cals[c.Country()] = c
	}
	easterOf := func(y int) Date {
		for _, h := range cals["fi"].Holidays(y) {
			if h.Name == "Easter Sunday" {
				return h.Date
			}
		}
		t.Fatalf("no Easter in %d", y)
		return Date{}
	}
	for y := 1990; y <= 2100; y++ {
		easter := easterOf(y)
		// Back from Easter Monday: to Maundy Thursday, or to the Wednesday
		// where Maundy Thursday is a holiday too (Norway).
		for c, want := range map[string]int{"fi": -3, "se": -3, "gb": -3, "no": -4} {
			got, _ := cals[c].Adjust(easter.AddDays(1), PreviousWeekday)
			require.Equal(t, easter.AddDays(want), got, "%s %d", c, y)
		}
		// Forward from Good Friday: to the Tuesday after Easter, or the
		// Monday where Easter Monday is a working day (Estonia).
		for c, want := range map[string]int{"fi": 2, "se": 2, "gb": 2, "no": 2, "ee": 1} {
			got, _ := cals[c].Adjust(easter.AddDays(-2), NextWeekday)
			require.Equal(t, easter.AddDays(want), got, "%s %d", c, y)
		}
		// Forward from Christmas Eve in Finland: past Christmas Eve,
		// Christmas Day and St Stephen's Day, and any weekend after them.
		got, moved := cals["fi"].Adjust(Date{y, 12, 24}, NextWeekday)
		want := Date{y, 12, 27}
		for want.IsWeekend() {
			want = want.AddDays(1)
		}
		require.Equal(t, want, got, "fi %d", y)
		require.Equal(t, (Date{y, 12, 24}).DaysUntil(got), len(moved))
		// Back from Boxing Day in Sweden lands before Christmas Eve.
		got, _ = cals["se"].Adjust(Date{y, 12, 26}, PreviousWeekday)
		require.True(t, got.Before(Date{y, 12, 24}), "se %d: %s", y, got)
	}
}

// Occurrences are the sorted distinct resolved dates of consecutive periods,
// strictly increasing and all after the given day.
func TestAnchorDateOccurrencesProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	cals := calendars()
	first, span := d("1990-01-01"), d("1990-01-01").DaysUntil(d("2095-12-31"))
	for i := range 3000 {
		a := randomAnchor(r)
		cal := cals[r.IntN(len(cals))]
		after := first.AddDays(r.IntN(span + 1))
		n := 1 + r.IntN(12)
		rs, err := a.Occurrences(after, n, cal)
		require.NoError(t, err)
		require.Len(t, rs, n)

		// Brute force: resolve every period around the window.
		unit := a.DateType.unit()
		p := PeriodOf(after, unit).Shift(-(a.FollowingInterval + 3))
		var all []Date
		for k := 0; k < n+a.FollowingInterval+8; k++ {
			res, err := a.Resolve(p.Start, cal)
			require.NoError(t, err)
			if res.Date.After(after) && !slices.Contains(all, res.Date) {
				all = append(all, res.Date)
			}
			p = p.Shift(1)
		}
		slices.SortFunc(all, Date.Compare)
		prev := after
		for k, res := range rs {
			require.True(t, res.Date.After(prev), "case %d: %+v after %s: not increasing at %d", i, a, after, k)
			require.Equal(t, all[k], res.Date, "case %d: %+v after %s in %s", i, a, after, cal.Country())
			prev = res.Date
		}
	}
}
