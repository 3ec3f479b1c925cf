package graph

import (
	"math/rand/v2"
	"testing"
	"time"
)

// companyWorkflows draws n schedule triggers as a provider might have them:
// every recurrence type, started in the last few years, each with its
// company's country calendar (shared, as the trigger service keeps one per
// country).
func companyWorkflows(n int) ([]Schedule, []*Calendar) {
	r := rand.New(rand.NewPCG(10000, 1))
	cals := calendars()
	schedules := make([]Schedule, n)
	byCompany := make([]*Calendar, n)
	for i := range n {
		s := randomSchedule(r)
		s.ScheduleStartDate = d("2020-01-01").AddDays(r.IntN(6 * 365))
		if e := &s.ScheduleEndCondition; e.Type == EndByDate {
			e.EndDate = s.ScheduleStartDate.AddDays(r.IntN(20 * 365))
		}
		s.RecurrencePattern.TimeZone = ""
		schedules[i] = s
		byCompany[i] = cals[r.IntN(len(cals))]
	}
	return schedules, byCompany
}

// BenchmarkNextOccurrence10k computes the next run of 10,000 company
// workflows; one op is all 10,000.
func BenchmarkNextOccurrence10k(b *testing.B) {
	schedules, cals := companyWorkflows(10000)
	now := time.Date(2026, 6, 1, 9, 30, 0, 0, time.UTC)
	// Warm the calendars' year tables, as a long-running process would have.
	for i, s := range schedules {
		if _, _, err := s.Next(now, cals[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	found := 0
	for b.Loop() {
		found = 0
		for i, s := range schedules {
			if _, ok, _ := s.Next(now, cals[i]); ok {
				found++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(schedules)), "ns/workflow")
	if found == 0 {
		b.Fatal("no schedule has a next run")
	}
}

// BenchmarkAnchorDateNext is the anchor-date trigger's counterpart, per
// anchor.
func BenchmarkAnchorDateNext(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	cal := MustCalendar("fi")
	anchors := make([]AnchorDate, 1000)
	for i := range anchors {
		anchors[i] = randomAnchor(r)
	}
	day := d("2026-06-01")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := anchors[i%len(anchors)].Next(day, cal); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate validates the month-end closing fixture.
func BenchmarkValidate(b *testing.B) {
	s, _ := loadFixture(b)
	b.ReportAllocs()
	for b.Loop() {
		if v := Validate(s); v != nil {
			b.Fatal(v)
		}
	}
}
