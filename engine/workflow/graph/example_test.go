package graph_test

import (
	"fmt"
	"time"

	"portico/engine/workflow/graph"
)

func ExampleValidate() {
	s, err := graph.ParseStructure([]byte(`{
		"nodes": [
			{"id": "start", "type": "start", "position": {"x": 0, "y": 0}},
			{"id": "collect", "type": "task", "position": {"x": 0, "y": 100}, "data": {"title": ""}},
			{"id": "review", "type": "approval", "position": {"x": 0, "y": 200}, "data": {"title": "Review"}},
			{"id": "done", "type": "end", "position": {"x": 0, "y": 300}},
			{"id": "orphan", "type": "task", "position": {"x": 200, "y": 0}, "data": {"title": "Forgotten"}}
		],
		"edges": [
			{"id": "e1", "source": "start", "target": "collect"},
			{"id": "e2", "source": "collect", "target": "review"},
			{"id": "e3", "source": "review", "target": "done", "sourceHandle": "approved"},
			{"id": "e4", "source": "orphan", "target": "done"}
		]}`))
	if err != nil {
		panic(err)
	}
	for _, e := range graph.Validate(s) {
		fmt.Println(e.NodeID, e.Code)
	}
	// Output:
	// collect missing_title
	// review missing_branch
	// orphan unreachable
}

func ExampleAnchorDate_Resolve() {
	fi := graph.MustCalendar("fi")
	// VAT is due on the 12th of the month after the period.
	vat := graph.AnchorDate{DayNumber: 12, DateType: graph.DayOfFollowingMonth, FollowingInterval: 1}
	r, _ := vat.Resolve(graph.MustParseDate("2026-01-20"), fi)
	fmt.Println(r.Date, r.Date.Weekday())

	// Payroll on the first Monday of April 2026, Easter Monday: moved back
	// past the Easter weekend and Good Friday.
	payroll := graph.AnchorDate{DayNumber: 1, DateType: graph.WeekOfMonth, HolidayHandling: graph.PreviousWeekday}
	r, _ = payroll.Resolve(graph.MustParseDate("2026-04-15"), fi)
	fmt.Println(r.Nominal, "->", r.Date)
	for _, h := range r.Holidays() {
		fmt.Println(" ", h.Date, h.Name, "/", h.LocalName)
	}
	// Output:
	// 2026-02-12 Thursday
	// 2026-04-06 -> 2026-04-02
	//   2026-04-06 Easter Monday / 2. pääsiäispäivä
	//   2026-04-05 Easter Sunday / pääsiäispäivä
	//   2026-04-03 Good Friday / pitkäperjantai
}

func ExampleNextOccurrences() {
	s, err := graph.ParseSchedule([]byte(`{
		"recurrencePattern": {"type": "monthly", "timeOfDay": "08:00",
			"monthlyPattern": {"type": "day_of_month", "day": 1}},
		"reportingPeriod": "previous_month",
		"scheduleEndCondition": {"type": "end_after_occurrences", "occurrences": 12},
		"scheduleStartDate": "2026-01-01"}`))
	if err != nil {
		panic(err)
	}
	after := time.Date(2026, 4, 15, 0, 0, 0, 0, time.UTC)
	os, _ := graph.NextOccurrences(s, after, 3, graph.MustCalendar("se"))
	for _, o := range os {
		fmt.Println(o.Number, o.At.Format("Mon 2006-01-02 15:04 MST"), "reports on", o.ReportingPeriod.Label)
	}
	// Output:
	// 5 Mon 2026-05-04 08:00 CEST reports on 2026-04
	// 6 Mon 2026-06-01 08:00 CEST reports on 2026-05
	// 7 Wed 2026-07-01 08:00 CEST reports on 2026-06
}

func ExampleCalendar_IsHoliday() {
	ee := graph.MustCalendar("ee", graph.Holiday{Date: graph.MustParseDate("2026-06-22"), Name: "Office closed"})
	for _, day := range []string{"2026-06-22", "2026-06-23", "2026-06-24", "2026-06-25"} {
		d := graph.MustParseDate(day)
		h, _ := ee.IsHoliday(d)
		fmt.Println(d, ee.IsBusinessDay(d), h.Name)
	}
	// Output:
	// 2026-06-22 false Office closed
	// 2026-06-23 false Victory Day
	// 2026-06-24 false Midsummer Day
	// 2026-06-25 true
}
