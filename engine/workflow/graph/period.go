package graph

import (
	"strconv"
	"time"
)

// PeriodUnit is the length of a period: a reporting period, the period an
// anchor date belongs to.
type PeriodUnit string

// Period units. Weeks run Monday to Sunday and are numbered as ISO 8601 weeks.
const (
	UnitDay     PeriodUnit = "day"
	UnitWeek    PeriodUnit = "week"
	UnitMonth   PeriodUnit = "month"
	UnitQuarter PeriodUnit = "quarter"
	UnitYear    PeriodUnit = "year"
)

// Valid reports whether u is a known unit.
func (u PeriodUnit) Valid() bool {
	switch u {
	case UnitDay, UnitWeek, UnitMonth, UnitQuarter, UnitYear:
		return true
	}
	return false
}

// Period is a span of whole days, Start and End inclusive, with a label that
// sorts and reads well: 2026-01-05 (day), 2026-W02 (ISO week), 2026-01
// (month), 2026-Q1 (quarter), 2026 (year).
type Period struct {
	Unit  PeriodUnit `json:"unit"`
	Start Date       `json:"start"`
	End   Date       `json:"end"`
	Label string     `json:"label"`
}

// PeriodOf returns the period of the given unit that contains d. An unknown
// unit gives the zero Period.
func PeriodOf(d Date, u PeriodUnit) Period {
	p := periodOf(d, u)
	p.Label = p.label()
	return p
}

// periodOf is PeriodOf without the label, which costs more than the rest.
func periodOf(d Date, u PeriodUnit) Period {
	var start, end Date
	switch u {
	case UnitDay:
		start, end = d, d
	case UnitWeek:
		start = d.AddDays(-isoWeekdayIndex(d))
		end = start.AddDays(6)
	case UnitMonth:
		start = Date{d.Year, d.Month, 1}
		end = Date{d.Year, d.Month, DaysIn(d.Year, d.Month)}
	case UnitQuarter:
		q := (int(d.Month) - 1) / 3
		start = Date{d.Year, time.Month(q*3 + 1), 1}
		end = start.AddMonths(3).AddDays(-1)
	case UnitYear:
		start = Date{d.Year, time.January, 1}
		end = Date{d.Year, time.December, 31}
	default:
		return Period{}
	}
	return Period{Unit: u, Start: start, End: end}
}

// Shift returns the period n units after p (before it when n is negative).
func (p Period) Shift(n int) Period {
	q := p.shift(n)
	q.Label = q.label()
	return q
}

func (p Period) shift(n int) Period {
	switch p.Unit {
	case UnitDay:
		return periodOf(p.Start.AddDays(n), p.Unit)
	case UnitWeek:
		return periodOf(p.Start.AddDays(7*n), p.Unit)
	case UnitMonth:
		return periodOf(p.Start.AddMonths(n), p.Unit)
	case UnitQuarter:
		return periodOf(p.Start.AddMonths(3*n), p.Unit)
	case UnitYear:
		return periodOf(p.Start.AddMonths(12*n), p.Unit)
	}
	return p
}

// Contains reports whether d lies in p.
func (p Period) Contains(d Date) bool { return !d.Before(p.Start) && !d.After(p.End) }

func (p Period) label() string {
	var b [16]byte
	out := b[:0]
	switch p.Unit {
	case UnitDay:
		return p.Start.String()
	case UnitWeek:
		y, w := ISOWeek(p.Start)
		out = append(appendPadded(out, y, 4), '-', 'W')
		out = appendPadded(out, w, 2)
	case UnitMonth:
		out = append(appendPadded(out, p.Start.Year, 4), '-')
		out = appendPadded(out, int(p.Start.Month), 2)
	case UnitQuarter:
		out = append(appendPadded(out, p.Start.Year, 4), '-', 'Q', byte('1'+(int(p.Start.Month)-1)/3))
	case UnitYear:
		out = appendPadded(out, p.Start.Year, 4)
	default:
		return ""
	}
	return string(out)
}

// appendPadded appends n in decimal, zero-padded to width digits.
func appendPadded(b []byte, n, width int) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	s := strconv.Itoa(n)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// ISOWeek returns the ISO 8601 year and week number of d.
func ISOWeek(d Date) (year, week int) {
	thursday := d.AddDays(3 - isoWeekdayIndex(d))
	jan1 := Date{thursday.Year, time.January, 1}
	return thursday.Year, jan1.DaysUntil(thursday)/7 + 1
}

// isoWeekdayIndex is 0 for Monday through 6 for Sunday.
func isoWeekdayIndex(d Date) int { return (int(d.Weekday()) + 6) % 7 }
