package graph

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"
)

// The fuzz targets' seeds run in every `go test`; `make fuzz` runs each for
// longer (go test -fuzz).

var fuzzCountries = append([]string{""}, KnownCountries()...)

func fuzzCalendar(country uint8) *Calendar {
	c := fuzzCountries[int(country)%len(fuzzCountries)]
	if c == "" {
		return nil
	}
	return MustCalendar(c)
}

var fuzzHandlings = []HolidayHandling{"", PreviousWeekday, NextWeekday, NoChange}

// fuzzStart is a day within 50 years of 2000-01-01.
func fuzzStart(offset uint16) Date {
	return NewDate(2000, time.January, 1).AddDays(int(offset) % (50 * 366))
}

// Anchor dates: the next dates come strictly after the day asked about and
// strictly increase; with a calendar and a handling that moves, none falls on
// a weekend or holiday; and asking one at a time from each date gives the same
// series as asking for several (stable wherever one starts, over 50 years).
func FuzzAnchorDates(f *testing.F) {
	for i := range AnchorDateTypes {
		f.Add(uint8(i), uint8(1+i), uint8(1), uint8(i%4), uint8(i), uint16(i*1000))
	}
	f.Add(uint8(2), uint8(31), uint8(1), uint8(1), uint8(1), uint16(10000)) // day 31 in short months, fi
	f.Add(uint8(3), uint8(29), uint8(13), uint8(2), uint8(3), uint16(18000))
	f.Add(uint8(5), uint8(12), uint8(1), uint8(1), uint8(2), uint16(18262)) // December, fi, near 2050
	f.Fuzz(func(t *testing.T, typ, day, interval, handling, country uint8, offset uint16) {
		a := AnchorDate{DateType: AnchorDateTypes[int(typ)%len(AnchorDateTypes)], DayNumber: int(day),
			FollowingInterval: int(interval), HolidayHandling: fuzzHandlings[int(handling)%len(fuzzHandlings)]}
		if a.Validate() != nil {
			return
		}
		cal := fuzzCalendar(country)
		after := fuzzStart(offset)
		rs, err := a.Occurrences(after, 6, cal)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		last := after
		for i, r := range rs {
			if !r.Date.After(last) {
				t.Fatalf("%+v after %s: date %d %s is not after %s", a, after, i, r.Date, last)
			}
			if cal != nil && a.HolidayHandling.orDefault() != NoChange && !cal.IsBusinessDay(r.Date) {
				t.Fatalf("%+v in %s: %s is not a business day", a, cal.Country(), r.Date)
			}
			next, err := a.Next(last, cal)
			if err != nil || next.Date != r.Date {
				t.Fatalf("%+v: Next(%s) = %s, the series says %s (%v)", a, last, next.Date, r.Date, err)
			}
			last = r.Date
		}
	})
}

// Schedules: every run is strictly after the instant asked about, runs
// strictly increase, none falls on a weekend or holiday when holidays are
// considered, and Next from each run gives the following one.
func FuzzScheduleRecurrence(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(1), uint8(5), uint8(1), uint8(0), uint8(1), uint8(1), uint16(0), uint16(100))
	f.Add(uint8(1), uint8(1), uint8(2), uint8(0), uint8(0b0100010), uint8(0), uint8(2), uint8(2), uint16(400), uint16(5000))
	f.Add(uint8(2), uint8(0), uint8(1), uint8(31), uint8(0), uint8(0), uint8(0), uint8(1), uint16(3000), uint16(9000))
	f.Add(uint8(2), uint8(1), uint8(3), uint8(0), uint8(4), uint8(3), uint8(1), uint8(4), uint16(60), uint16(18000))
	f.Add(uint8(3), uint8(0), uint8(1), uint8(29), uint8(0), uint8(2), uint8(2), uint8(1), uint16(0), uint16(17000))
	f.Add(uint8(3), uint8(1), uint8(1), uint8(0), uint8(6), uint8(4), uint8(1), uint8(5), uint16(10), uint16(18200))
	f.Add(uint8(0), uint8(1), uint8(1), uint8(0), uint8(0), uint8(0), uint8(0), uint8(1), uint16(7), uint16(18250))
	f.Fuzz(func(t *testing.T, kind, sub, interval, day, weekdays, monthOrWeek, handling, country uint8, start, after uint16) {
		p := RecurrencePattern{TimeOfDay: TimeOfDay{Hour: int(day) % 24, Minute: int(weekdays) % 60},
			HolidayHandling: fuzzHandlings[int(handling)%len(fuzzHandlings)]}
		wd := Weekday(int(weekdays) % 7)
		ordinals := []WeekOrdinal{"first", "second", "third", "fourth", "last"}
		switch kind % 4 {
		case 0:
			p.Type = Daily
			p.DailyPattern = &DailyPattern{Type: []string{EveryNDays, EveryWeekday}[sub%2], Interval: int(interval)}
		case 1:
			p.Type = Weekly
			var days []Weekday
			for d := range 7 {
				if weekdays&(1<<d) != 0 {
					days = append(days, Weekday(d))
				}
			}
			p.WeeklyPattern = &WeeklyPattern{Interval: int(interval), Weekdays: days}
		case 2:
			p.Type = Monthly
			p.MonthlyPattern = &MonthlyPattern{Type: []string{OnDayOfMonth, OnWeekdayOfMon}[sub%2], Interval: int(interval),
				Day: int(day), Week: ordinals[int(monthOrWeek)%len(ordinals)], Weekday: &wd}
		default:
			p.Type = Yearly
			p.YearlyPattern = &YearlyPattern{Type: []string{OnDate, OnWeekdayOfMon}[sub%2], Interval: int(interval),
				Month: 1 + int(monthOrWeek)%12, Day: int(day), Week: ordinals[int(monthOrWeek)%len(ordinals)], Weekday: &wd}
		}
		s := Schedule{RecurrencePattern: p, ScheduleStartDate: fuzzStart(start)}
		cal := fuzzCalendar(country)
		if s.Validate(cal.Country()) != nil {
			return
		}
		from := fuzzStart(after).At(TimeOfDay{Hour: 12}, time.UTC)
		os, err := s.NextOccurrences(from, 6, cal)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		last := from
		var lastDate Date
		for i, o := range os {
			if !o.At.After(last) || (i > 0 && !o.Date.After(lastDate)) {
				t.Fatalf("%+v: run %d at %s (%s) is not after %s (%s)", s, i, o.At, o.Date, last, lastDate)
			}
			if cal != nil && s.RecurrencePattern.HolidayHandling != NoChange && !cal.IsBusinessDay(o.Date) {
				t.Fatalf("%+v in %s: run on %s, not a business day", s, cal.Country(), o.Date)
			}
			next, ok, err := s.Next(last, cal)
			if err != nil || !ok || !next.At.Equal(o.At) {
				t.Fatalf("%+v: Next(%s) = %s, the series says %s (%v)", s, last, next.At, o.At, err)
			}
			last, lastDate = o.At, o.Date
		}
	})
}

// Structure JSON (the GraphQL Structure scalar): nothing panics, and what
// parses survives writing and reading back unchanged.
func FuzzStructureJSON(f *testing.F) {
	if b, err := os.ReadFile("testdata/month_end_closing.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"nodes":[],"edges":[]}`))
	f.Add([]byte(`{"nodes":[{"id":"s","type":"start","position":{"x":0,"y":0},"data":{}}],"edges":[]}`))
	f.Add([]byte(`{"nodes":[{"id":1,"type":"task","data":{"title":"x","dueDate":{"type":"anchor","anchor":{"day_number":"5","date_type":"day_of_month"}}}}],"edges":[{"id":"e","source":"a","target":"b"}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"nodes":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseStructure(b)
		if err != nil {
			return
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("a parsed structure does not write: %v", err)
		}
		again, err := ParseStructure(out)
		if err != nil {
			t.Fatalf("a written structure does not read back: %v\n%s", err, out)
		}
		out2, err := json.Marshal(again)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("a structure changes when written twice:\n%s\n%s", out, out2)
		}
		_ = Validate(s) // the validator never panics on what parses
	})
}
