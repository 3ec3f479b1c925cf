//go:build bench

package workflow_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"portico/engine/workflow/graph"
)

// BenchmarkNextOccurrence10k computes the next run of 10,000 company
// workflows on one core: schedules of every kind (daily, weekly, monthly,
// yearly; holidays considered, with the country's calendar) and anchor dates,
// as the trigger processes' NextFire does after reading them.
func BenchmarkNextOccurrence10k(b *testing.B) {
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	const n = 10000
	countries := []string{"fi", "se", "no", "ee", "gb"}
	cals := map[string]*graph.Calendar{}
	for _, c := range countries {
		cals[c] = graph.MustCalendar(c)
	}
	type job struct {
		sch    *graph.Schedule
		anchor *graph.AnchorDate
		cal    *graph.Calendar
	}
	jobs := make([]job, n)
	for i := range n {
		cal := cals[countries[i%len(countries)]]
		tod := fmt.Sprintf("%02d:%02d", 6+i%12, (i*7)%60)
		var raw string
		switch i % 5 {
		case 0:
			raw = fmt.Sprintf(`{"recurrencePattern":{"type":"daily","timeOfDay":%q,"dailyPattern":{"type":"every_weekday"}}}`, tod)
		case 1:
			raw = fmt.Sprintf(`{"recurrencePattern":{"type":"weekly","timeOfDay":%q,"weeklyPattern":{"interval":%d,"weekdays":["monday","thursday"]}}}`, tod, 1+i%3)
		case 2:
			raw = fmt.Sprintf(`{"recurrencePattern":{"type":"monthly","timeOfDay":%q,"monthlyPattern":{"type":"day_of_month","day":%d}},"reportingPeriod":"previous_month"}`, tod, 1+i%31)
		case 3:
			raw = fmt.Sprintf(`{"recurrencePattern":{"type":"yearly","timeOfDay":%q,"yearlyPattern":{"type":"date","month":%d,"day":%d}}}`, tod, 1+i%12, 1+i%28)
		case 4:
			jobs[i] = job{anchor: &graph.AnchorDate{DayNumber: 1 + i%28, DateType: graph.DayOfFollowingMonth, FollowingInterval: 1,
				HolidayHandling: graph.PreviousWeekday}, cal: cal}
			continue
		}
		full := raw[:len(raw)-1] + `,"scheduleEndCondition":{"type":"no_end"},"scheduleStartDate":"2025-01-01"}`
		s, err := graph.ParseSchedule([]byte(full))
		if err != nil {
			b.Fatal(err)
		}
		jobs[i] = job{sch: &s, cal: cal}
	}
	after := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	b.ResetTimer()
	var total time.Duration
	for range b.N {
		start := time.Now()
		for i := range jobs {
			j := jobs[i]
			if j.sch != nil {
				if _, _, err := j.sch.Next(after, j.cal); err != nil {
					b.Fatal(err)
				}
			} else if _, err := j.anchor.Next(graph.DateOf(after), j.cal); err != nil {
				b.Fatal(err)
			}
		}
		total += time.Since(start)
	}
	per := total / time.Duration(b.N)
	b.ReportMetric(float64(per.Milliseconds()), "ms/10k")
	b.Logf("next occurrence of 10,000 company workflows on one core: %s", per)
}
