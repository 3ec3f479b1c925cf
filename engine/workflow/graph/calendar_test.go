package graph

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// officialHolidays are the public holidays as the countries' official lists
// publish them (vero.fi / Finnish Almanac Office, Swedish Riksdag, Norwegian
// Lovdata, Estonian riigiteataja, gov.uk bank holidays for England and Wales),
// typed in by hand. Finland and Sweden include Midsummer Eve and Christmas
// Eve (and Sweden New Year's Eve), which are de facto non-working days.
var officialHolidays = []struct {
	country string
	year    int
	days    []string // "MM-DD Name"
}{
	{"fi", 2024, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "03-29 Good Friday", "03-31 Easter Sunday",
		"04-01 Easter Monday", "05-01 May Day", "05-09 Ascension Day", "05-19 Whit Sunday",
		"06-21 Midsummer Eve", "06-22 Midsummer Day", "11-02 All Saints' Day", "12-06 Independence Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 St Stephen's Day"}},
	{"fi", 2025, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "04-18 Good Friday", "04-20 Easter Sunday",
		"04-21 Easter Monday", "05-01 May Day", "05-29 Ascension Day", "06-08 Whit Sunday",
		"06-20 Midsummer Eve", "06-21 Midsummer Day", "11-01 All Saints' Day", "12-06 Independence Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 St Stephen's Day"}},
	{"fi", 2026, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "04-03 Good Friday", "04-05 Easter Sunday",
		"04-06 Easter Monday", "05-01 May Day", "05-14 Ascension Day", "05-24 Whit Sunday",
		"06-19 Midsummer Eve", "06-20 Midsummer Day", "10-31 All Saints' Day", "12-06 Independence Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 St Stephen's Day"}},
	{"fi", 2027, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "03-26 Good Friday", "03-28 Easter Sunday",
		"03-29 Easter Monday", "05-01 May Day", "05-06 Ascension Day", "05-16 Whit Sunday",
		"06-25 Midsummer Eve", "06-26 Midsummer Day", "11-06 All Saints' Day", "12-06 Independence Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 St Stephen's Day"}},

	{"se", 2024, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "03-29 Good Friday", "03-31 Easter Sunday",
		"04-01 Easter Monday", "05-01 May Day", "05-09 Ascension Day", "05-19 Whit Sunday",
		"06-06 National Day of Sweden", "06-21 Midsummer Eve", "06-22 Midsummer Day", "11-02 All Saints' Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day", "12-31 New Year's Eve"}},
	{"se", 2025, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "04-18 Good Friday", "04-20 Easter Sunday",
		"04-21 Easter Monday", "05-01 May Day", "05-29 Ascension Day", "06-06 National Day of Sweden",
		"06-08 Whit Sunday", "06-20 Midsummer Eve", "06-21 Midsummer Day", "11-01 All Saints' Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day", "12-31 New Year's Eve"}},
	{"se", 2026, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "04-03 Good Friday", "04-05 Easter Sunday",
		"04-06 Easter Monday", "05-01 May Day", "05-14 Ascension Day", "05-24 Whit Sunday",
		"06-06 National Day of Sweden", "06-19 Midsummer Eve", "06-20 Midsummer Day", "10-31 All Saints' Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day", "12-31 New Year's Eve"}},
	{"se", 2027, []string{
		"01-01 New Year's Day", "01-06 Epiphany", "03-26 Good Friday", "03-28 Easter Sunday",
		"03-29 Easter Monday", "05-01 May Day", "05-06 Ascension Day", "05-16 Whit Sunday",
		"06-06 National Day of Sweden", "06-25 Midsummer Eve", "06-26 Midsummer Day", "11-06 All Saints' Day",
		"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day", "12-31 New Year's Eve"}},

	{"no", 2024, []string{
		"01-01 New Year's Day", "03-28 Maundy Thursday", "03-29 Good Friday", "03-31 Easter Sunday",
		"04-01 Easter Monday", "05-01 Labour Day", "05-09 Ascension Day", "05-17 Constitution Day",
		"05-19 Whit Sunday", "05-20 Whit Monday", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"no", 2025, []string{
		"01-01 New Year's Day", "04-17 Maundy Thursday", "04-18 Good Friday", "04-20 Easter Sunday",
		"04-21 Easter Monday", "05-01 Labour Day", "05-17 Constitution Day", "05-29 Ascension Day",
		"06-08 Whit Sunday", "06-09 Whit Monday", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"no", 2026, []string{
		"01-01 New Year's Day", "04-02 Maundy Thursday", "04-03 Good Friday", "04-05 Easter Sunday",
		"04-06 Easter Monday", "05-01 Labour Day", "05-14 Ascension Day", "05-17 Constitution Day",
		"05-24 Whit Sunday", "05-25 Whit Monday", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"no", 2027, []string{
		"01-01 New Year's Day", "03-25 Maundy Thursday", "03-26 Good Friday", "03-28 Easter Sunday",
		"03-29 Easter Monday", "05-01 Labour Day", "05-06 Ascension Day", "05-16 Whit Sunday",
		"05-17 Constitution Day", "05-17 Whit Monday", "12-25 Christmas Day", "12-26 Boxing Day"}},

	{"ee", 2024, []string{
		"01-01 New Year's Day", "02-24 Independence Day", "03-29 Good Friday", "03-31 Easter Sunday",
		"05-01 Spring Day", "05-19 Whit Sunday", "06-23 Victory Day", "06-24 Midsummer Day",
		"08-20 Day of Restoration of Independence", "12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"ee", 2025, []string{
		"01-01 New Year's Day", "02-24 Independence Day", "04-18 Good Friday", "04-20 Easter Sunday",
		"05-01 Spring Day", "06-08 Whit Sunday", "06-23 Victory Day", "06-24 Midsummer Day",
		"08-20 Day of Restoration of Independence", "12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"ee", 2026, []string{
		"01-01 New Year's Day", "02-24 Independence Day", "04-03 Good Friday", "04-05 Easter Sunday",
		"05-01 Spring Day", "05-24 Whit Sunday", "06-23 Victory Day", "06-24 Midsummer Day",
		"08-20 Day of Restoration of Independence", "12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"ee", 2027, []string{
		"01-01 New Year's Day", "02-24 Independence Day", "03-26 Good Friday", "03-28 Easter Sunday",
		"05-01 Spring Day", "05-16 Whit Sunday", "06-23 Victory Day", "06-24 Midsummer Day",
		"08-20 Day of Restoration of Independence", "12-24 Christmas Eve", "12-25 Christmas Day", "12-26 Boxing Day"}},

	{"gb", 2020, []string{
		"01-01 New Year's Day", "04-10 Good Friday", "04-13 Easter Monday", "05-08 Early May bank holiday (VE day)",
		"05-25 Spring bank holiday", "08-31 Summer bank holiday", "12-25 Christmas Day", "12-28 Boxing Day (substitute day)"}},
	{"gb", 2021, []string{
		"01-01 New Year's Day", "04-02 Good Friday", "04-05 Easter Monday", "05-03 Early May bank holiday",
		"05-31 Spring bank holiday", "08-30 Summer bank holiday", "12-27 Christmas Day (substitute day)", "12-28 Boxing Day (substitute day)"}},
	{"gb", 2022, []string{
		"01-03 New Year's Day (substitute day)", "04-15 Good Friday", "04-18 Easter Monday", "05-02 Early May bank holiday",
		"06-02 Spring bank holiday", "06-03 Platinum Jubilee bank holiday", "08-29 Summer bank holiday",
		"09-19 Bank holiday for the State Funeral of Queen Elizabeth II", "12-26 Boxing Day", "12-27 Christmas Day (substitute day)"}},
	{"gb", 2023, []string{
		"01-02 New Year's Day (substitute day)", "04-07 Good Friday", "04-10 Easter Monday", "05-01 Early May bank holiday",
		"05-08 Bank holiday for the coronation of King Charles III", "05-29 Spring bank holiday", "08-28 Summer bank holiday",
		"12-25 Christmas Day", "12-26 Boxing Day"}},
	{"gb", 2024, []string{
		"01-01 New Year's Day", "03-29 Good Friday", "04-01 Easter Monday", "05-06 Early May bank holiday",
		"05-27 Spring bank holiday", "08-26 Summer bank holiday", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"gb", 2025, []string{
		"01-01 New Year's Day", "04-18 Good Friday", "04-21 Easter Monday", "05-05 Early May bank holiday",
		"05-26 Spring bank holiday", "08-25 Summer bank holiday", "12-25 Christmas Day", "12-26 Boxing Day"}},
	{"gb", 2026, []string{
		"01-01 New Year's Day", "04-03 Good Friday", "04-06 Easter Monday", "05-04 Early May bank holiday",
		"05-25 Spring bank holiday", "08-31 Summer bank holiday", "12-25 Christmas Day", "12-28 Boxing Day (substitute day)"}},
	{"gb", 2027, []string{
		"01-01 New Year's Day", "03-26 Good Friday", "03-29 Easter Monday", "05-03 Early May bank holiday",
		"05-31 Spring bank holiday", "08-30 Summer bank holiday", "12-27 Christmas Day (substitute day)", "12-28 Boxing Day (substitute day)"}},
}

func TestBuiltinHolidaysMatchOfficialLists(t *testing.T) {
	t.Parallel()
	for _, tc := range officialHolidays {
		t.Run(fmt.Sprintf("%s %d", tc.country, tc.year), func(t *testing.T) {
			t.Parallel()
			cal := MustCalendar(tc.country)
			var got []string
			for _, h := range cal.Holidays(tc.year) {
				require.Equal(t, tc.year, h.Date.Year)
				require.Equal(t, SourceBuiltin, h.Source)
				got = append(got, fmt.Sprintf("%02d-%02d %s", int(h.Date.Month), h.Date.Day, h.Name))
			}
			assert.Equal(t, tc.days, got)
			for _, want := range tc.days {
				day := d(fmt.Sprintf("%d-%s", tc.year, want[:5]))
				h, ok := cal.IsHoliday(day)
				require.True(t, ok, "%s should be a holiday", day)
				assert.Contains(t, tc.days, fmt.Sprintf("%s %s", want[:5], h.Name))
				assert.False(t, cal.IsBusinessDay(day), "%s should not be a business day", day)
			}
		})
	}
}

func TestIsBusinessDay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		country string
		day     string
		want    bool
		holiday string
	}{
		{"Finnish Midsummer Eve on a Friday", "fi", "2026-06-19", false, "Midsummer Eve"},
		{"the Thursday before Finnish Midsummer", "fi", "2026-06-18", true, ""},
		{"Finnish All Saints' Day on a Saturday", "fi", "2025-11-01", false, "All Saints' Day"},
		{"the Friday before All Saints' Day is a working day", "fi", "2025-10-31", true, ""},
		{"Finnish Independence Day on a Monday", "fi", "2027-12-06", false, "Independence Day"},
		{"Swedish National Day on a Friday", "se", "2025-06-06", false, "National Day of Sweden"},
		{"Swedish New Year's Eve", "se", "2026-12-31", false, "New Year's Eve"},
		{"New Year's Eve is a working day in Finland", "fi", "2026-12-31", true, ""},
		{"Estonian Victory Day on a Monday", "ee", "2025-06-23", false, "Victory Day"},
		{"Estonian Midsummer Day the Tuesday after", "ee", "2025-06-24", false, "Midsummer Day"},
		{"no Easter Monday in Estonia", "ee", "2026-04-06", true, ""},
		{"Norwegian Constitution Day on a Monday", "no", "2027-05-17", false, "Constitution Day"},
		{"Norwegian Maundy Thursday", "no", "2026-04-02", false, "Maundy Thursday"},
		{"UK Boxing Day substitute", "gb", "2026-12-28", false, "Boxing Day (substitute day)"},
		{"the day after the UK substitute", "gb", "2026-12-29", true, ""},
		{"UK Early May bank holiday", "gb", "2025-05-05", false, "Early May bank holiday"},
		{"Epiphany is not a UK holiday", "gb", "2026-01-06", true, ""},
		{"an ordinary Saturday", "fi", "2026-03-07", false, ""},
		{"an ordinary Wednesday", "se", "2026-03-11", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cal := MustCalendar(tc.country)
			assert.Equal(t, tc.want, cal.IsBusinessDay(d(tc.day)))
			h, ok := cal.IsHoliday(d(tc.day))
			assert.Equal(t, tc.holiday != "", ok)
			assert.Equal(t, tc.holiday, h.Name)
		})
	}
}

func TestHolidaysOnTheSameDay(t *testing.T) {
	t.Parallel()
	// 17 May 2027 is both Norway's Constitution Day and Whit Monday.
	hs := MustCalendar("no").HolidaysOn(d("2027-05-17"))
	require.Len(t, hs, 2)
	assert.Equal(t, "Constitution Day", hs[0].Name)
	assert.Equal(t, "Whit Monday", hs[1].Name)
	assert.Empty(t, MustCalendar("no").HolidaysOn(d("2027-05-18")))
}

func TestAdminHolidaysMergeWithBuiltins(t *testing.T) {
	t.Parallel()
	cal, err := NewCalendar("FI",
		Holiday{Date: d("2026-12-31"), Name: "Office closed", LocalName: "Toimisto suljettu"},
		Holiday{Date: d("2026-06-19"), Name: "Juhannus", LocalName: "Juhannusaatto (toimisto)"},
		Holiday{Date: d("2027-01-07"), Name: "Extra day"},
	)
	require.NoError(t, err)
	assert.Equal(t, "fi", cal.Country())

	h, ok := cal.IsHoliday(d("2026-12-31"))
	require.True(t, ok)
	assert.Equal(t, Holiday{Date: d("2026-12-31"), Name: "Office closed", LocalName: "Toimisto suljettu", Source: SourceAdmin}, h)
	assert.False(t, cal.IsBusinessDay(d("2026-12-31")))

	h, ok = cal.IsHoliday(d("2026-06-19"))
	require.True(t, ok)
	assert.Equal(t, "Juhannus", h.Name, "the admin's name replaces the built-in one")
	assert.Len(t, cal.HolidaysOn(d("2026-06-19")), 1)

	assert.Len(t, cal.Holidays(2026), 16, "15 built-in, one replaced, one added")
	assert.Len(t, cal.Holidays(2027), 16)
	assert.True(t, cal.IsBusinessDay(d("2025-12-31")), "an admin holiday belongs to its own year only")

	plain := MustCalendar("fi")
	assert.True(t, plain.IsBusinessDay(d("2026-12-31")), "calendars do not share admin holidays")
}

func TestAdminHolidayMustBeValid(t *testing.T) {
	t.Parallel()
	_, err := NewCalendar("fi", Holiday{Name: "No date"})
	assert.ErrorIs(t, err, ErrInvalidHoliday)
	_, err = NewCalendar("fi", Holiday{Date: d("2026-05-02")})
	assert.ErrorIs(t, err, ErrInvalidHoliday)
	_, err = NewCalendar("fi", Holiday{Date: Date{2026, 2, 30}, Name: "x"})
	assert.ErrorIs(t, err, ErrInvalidHoliday)
}

func TestUnknownCountryHasOnlyWeekendsAndAdminHolidays(t *testing.T) {
	t.Parallel()
	cal := MustCalendar("de", Holiday{Date: d("2026-10-03"), Name: "Tag der Deutschen Einheit"})
	assert.False(t, cal.HasBuiltinHolidays())
	assert.True(t, cal.IsBusinessDay(d("2026-12-25")))
	assert.False(t, cal.IsBusinessDay(d("2026-12-26")), "a Saturday")
	assert.False(t, cal.IsBusinessDay(d("2026-10-03")))
	assert.Len(t, cal.Holidays(2026), 1)
	for _, c := range KnownCountries() {
		assert.True(t, MustCalendar(c).HasBuiltinHolidays(), c)
	}
}

func TestNilCalendarHasOnlyWeekends(t *testing.T) {
	t.Parallel()
	var cal *Calendar
	assert.True(t, cal.IsBusinessDay(d("2026-12-25")))
	assert.False(t, cal.IsBusinessDay(d("2026-12-26")))
	assert.Nil(t, cal.Holidays(2026))
	got, moved := cal.Adjust(d("2026-12-27"), PreviousWeekday)
	assert.Equal(t, "2026-12-25", got.String())
	assert.Len(t, moved, 2)
}

func TestAdjustSkipsChainsOfHolidays(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		country  string
		day      string
		handling HolidayHandling
		want     string
		moved    []string // "MM-DD holiday names or weekend"
	}{
		{"Finnish Easter Monday back to Maundy Thursday", "fi", "2026-04-06", PreviousWeekday, "2026-04-02",
			[]string{"04-06 Easter Monday", "04-05 weekend Easter Sunday", "04-04 weekend", "04-03 Good Friday"}},
		{"Finnish Good Friday forward to the Tuesday after Easter", "fi", "2026-04-03", NextWeekday, "2026-04-07",
			[]string{"04-03 Good Friday", "04-04 weekend", "04-05 weekend Easter Sunday", "04-06 Easter Monday"}},
		{"Finnish Christmas Eve forward over Christmas and the weekend", "fi", "2025-12-24", NextWeekday, "2025-12-29",
			[]string{"12-24 Christmas Eve", "12-25 Christmas Day", "12-26 St Stephen's Day", "12-27 weekend", "12-28 weekend"}},
		{"Finnish Boxing Day back over Christmas Eve", "fi", "2025-12-26", PreviousWeekday, "2025-12-23",
			[]string{"12-26 St Stephen's Day", "12-25 Christmas Day", "12-24 Christmas Eve"}},
		{"UK Christmas on a Saturday forward past both substitute days", "gb", "2027-12-25", NextWeekday, "2027-12-29",
			[]string{"12-25 weekend", "12-26 weekend", "12-27 Christmas Day (substitute day)", "12-28 Boxing Day (substitute day)"}},
		{"Swedish Midsummer Eve on a Friday back to Thursday", "se", "2026-06-19", PreviousWeekday, "2026-06-18",
			[]string{"06-19 Midsummer Eve"}},
		{"Swedish Midsummer Eve forward over the weekend to Monday", "se", "2026-06-19", NextWeekday, "2026-06-22",
			[]string{"06-19 Midsummer Eve", "06-20 weekend Midsummer Day", "06-21 weekend"}},
		{"Estonian Victory Day on a Monday forward over Midsummer", "ee", "2025-06-23", NextWeekday, "2025-06-25",
			[]string{"06-23 Victory Day", "06-24 Midsummer Day"}},
		{"Estonian Victory Day on a Monday back to Friday", "ee", "2025-06-23", PreviousWeekday, "2025-06-20",
			[]string{"06-23 Victory Day", "06-22 weekend", "06-21 weekend"}},
		{"Norwegian Constitution Day and Whit Monday together", "no", "2027-05-17", PreviousWeekday, "2027-05-14",
			[]string{"05-17 Constitution Day Whit Monday", "05-16 weekend Whit Sunday", "05-15 weekend"}},
		{"no_change keeps a holiday", "fi", "2026-12-24", NoChange, "2026-12-24", nil},
		{"a business day does not move", "fi", "2026-12-23", PreviousWeekday, "2026-12-23", nil},
		{"empty handling means previous_weekday", "fi", "2026-12-06", "", "2026-12-04",
			[]string{"12-06 weekend Independence Day", "12-05 weekend"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, moved := MustCalendar(tc.country).Adjust(d(tc.day), tc.handling)
			assert.Equal(t, tc.want, got.String())
			assert.Equal(t, tc.moved, describeMoves(moved))
		})
	}
}

func describeMoves(moved []NonBusinessDay) []string {
	var out []string
	for _, nb := range moved {
		parts := []string{fmt.Sprintf("%02d-%02d", int(nb.Date.Month), nb.Date.Day)}
		if nb.Weekend {
			parts = append(parts, "weekend")
		}
		for _, h := range nb.Holidays {
			parts = append(parts, h.Name)
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func TestAddBusinessDays(t *testing.T) {
	t.Parallel()
	fi := MustCalendar("fi")
	tests := []struct {
		from string
		n    int
		want string
	}{
		{"2026-04-01", 1, "2026-04-02"},
		{"2026-04-02", 1, "2026-04-07"}, // over Easter
		{"2026-04-07", -1, "2026-04-02"},
		{"2026-12-22", 3, "2026-12-29"}, // 23, (24-27 off), 28, 29
		{"2026-12-24", 0, "2026-12-24"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s%+d", tc.from, tc.n), func(t *testing.T) {
			assert.Equal(t, tc.want, fi.AddBusinessDays(d(tc.from), tc.n).String())
		})
	}
}

// Rules that hold every year, checked from 1990 to 2100.
func TestHolidayRulesHoldEveryYear(t *testing.T) {
	t.Parallel()
	cals := map[string]*Calendar{}
	for _, c := range KnownCountries() {
		cals[c] = MustCalendar(c)
	}
	find := func(c string, y int, name string) Date {
		t.Helper()
		for _, h := range cals[c].Holidays(y) {
			if h.Name == name {
				return h.Date
			}
		}
		t.Fatalf("%s %d: no %s", c, y, name)
		return Date{}
	}
	for y := 1990; y <= 2100; y++ {
		for _, c := range []string{"fi", "se", "no", "ee"} {
			easter := find(c, y, "Easter Sunday")
			require.Equal(t, time.Sunday, easter.Weekday(), "%s %d Easter", c, y)
			require.True(t, !easter.Before(Date{y, 3, 22}) && !easter.After(Date{y, 4, 25}), "%s %d Easter %s", c, y, easter)
			require.Equal(t, easter.AddDays(-2), find(c, y, "Good Friday"))
			require.Equal(t, easter.AddDays(49), find(c, y, "Whit Sunday"))
		}
		for _, c := range []string{"fi", "se"} {
			eve := find(c, y, "Midsummer Eve")
			require.Equal(t, time.Friday, eve.Weekday())
			require.True(t, eve.Month == time.June && eve.Day >= 19 && eve.Day <= 25, "%s %d Midsummer Eve %s", c, y, eve)
			require.Equal(t, eve.AddDays(1), find(c, y, "Midsummer Day"))
			saints := find(c, y, "All Saints' Day")
			require.Equal(t, time.Saturday, saints.Weekday())
			require.True(t, !saints.Before(Date{y, 10, 31}) && !saints.After(Date{y, 11, 6}))
		}
		// UK bank holidays are always observed on a weekday.
		gb := cals["gb"].Holidays(y)
		require.GreaterOrEqual(t, len(gb), 8, "gb %d", y)
		for _, h := range gb {
			require.False(t, h.Date.IsWeekend(), "gb %d: %s on %s", y, h.Name, h.Date)
		}
		wantEE := 12
		if y < 2005 {
			wantEE = 11
		}
		require.Len(t, cals["ee"].Holidays(y), wantEE, "ee %d", y)
		require.Len(t, cals["fi"].Holidays(y), 15, "fi %d", y)
		require.Len(t, cals["no"].Holidays(y), 12, "no %d", y)
	}
}

func TestCalendarIsSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	cal := MustCalendar("se")
	done := make(chan int)
	for g := range 4 {
		go func() {
			n := 0
			for y := 2000 + g; y < 2100; y += 4 {
				for day := (Date{y, 1, 1}); day.Year == y; day = day.AddDays(1) {
					if !cal.IsBusinessDay(day) {
						n++
					}
				}
			}
			done <- n
		}()
	}
	for range 4 {
		assert.Positive(t, <-done)
	}
}
