package graph

import (
	"fmt"
	"time"
)

// Date is a calendar date without a time of day or a time zone: a due date, a
// holiday, an anchor date. Arithmetic on it is pure integer arithmetic, so it
// never depends on the machine's local zone or on daylight-saving changes.
//
// The zero Date is not a valid date; IsZero reports it.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// NewDate returns the date for year, month and day, normalising values out of
// range the way time.Date does (month 13 is January of the next year, day 0 is
// the last day of the previous month).
func NewDate(year int, month time.Month, day int) Date {
	// Normalise the month first so that daysFromCivil sees 1..12.
	m := int(month) - 1
	year += floorDiv(m, 12)
	m = floorMod(m, 12) + 1
	return dateFromDays(daysFromCivil(year, m, 1) + day - 1)
}

// DateOf returns the calendar date of t in t's own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// ParseDate parses a date written as YYYY-MM-DD. Any other form, including a
// timestamp, is rejected: a timestamp's date depends on a time zone the caller
// has to choose.
func ParseDate(s string) (Date, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	y, ok1 := atoiDigits(s[0:4])
	m, ok2 := atoiDigits(s[5:7])
	d, ok3 := atoiDigits(s[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 || d > DaysIn(y, time.Month(m)) {
		return Date{}, fmt.Errorf("date %q: want a real date as YYYY-MM-DD", s)
	}
	return Date{Year: y, Month: time.Month(m), Day: d}, nil
}

func atoiDigits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// MustParseDate is ParseDate that panics on error; for tests, examples and
// constants.
func MustParseDate(s string) Date {
	d, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d as YYYY-MM-DD.
func (d Date) String() string {
	var b [16]byte
	out := append(appendPadded(b[:0], d.Year, 4), '-')
	out = append(appendPadded(out, int(d.Month), 2), '-')
	return string(appendPadded(out, d.Day, 2))
}

// MarshalText writes d as YYYY-MM-DD; the zero Date is written as "".
func (d Date) MarshalText() ([]byte, error) {
	if d.IsZero() {
		return []byte{}, nil
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads YYYY-MM-DD; "" gives the zero Date.
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Valid reports whether d names a real calendar day.
func (d Date) Valid() bool {
	return d.Month >= time.January && d.Month <= time.December && d.Day >= 1 && d.Day <= DaysIn(d.Year, d.Month)
}

// AddDays returns d moved by n days (n may be negative).
func (d Date) AddDays(n int) Date { return dateFromDays(d.days() + n) }

// AddMonths returns the same day n months later, clamped to the last day of
// the target month (January 31 plus one month is February 28 or 29), unlike
// time.AddDate which would overflow into March.
func (d Date) AddMonths(n int) Date {
	m := int(d.Month) - 1 + n
	y := d.Year + floorDiv(m, 12)
	month := time.Month(floorMod(m, 12) + 1)
	return Date{Year: y, Month: month, Day: min(d.Day, DaysIn(y, month))}
}

// Weekday returns the day of the week of d.
func (d Date) Weekday() time.Weekday {
	// 1970-01-01 was a Thursday.
	return time.Weekday(floorMod(d.days()+4, 7))
}

// IsWeekend reports whether d is a Saturday or a Sunday. Every country Portico
// knows has a Saturday–Sunday weekend.
func (d Date) IsWeekend() bool {
	wd := d.Weekday()
	return wd == time.Saturday || wd == time.Sunday
}

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmpInt(d.Year, e.Year)
	case d.Month != e.Month:
		return cmpInt(int(d.Month), int(e.Month))
	default:
		return cmpInt(d.Day, e.Day)
	}
}

// Before reports whether d is before e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports whether d is after e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// DaysUntil returns the number of days from d to e (negative when e is
// earlier).
func (d Date) DaysUntil(e Date) int { return e.days() - d.days() }

// At returns the instant at clock time tod on d in loc. A clock time that does
// not exist on that day (the hour skipped when daylight-saving time starts) is
// moved forward by the length of the gap, as time.Date does.
func (d Date) At(tod TimeOfDay, loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, tod.Hour, tod.Minute, 0, 0, loc)
}

// DaysIn returns the number of days in month m of year y.
func DaysIn(y int, m time.Month) int {
	switch m {
	case time.February:
		if isLeap(y) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	default:
		return 31
	}
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// days returns the number of days since 1970-01-01.
func (d Date) days() int { return daysFromCivil(d.Year, int(d.Month), d.Day) }

// daysFromCivil and dateFromDays are Howard Hinnant's proleptic Gregorian
// algorithms (http://howardhinnant.github.io/date_algorithms.html).
func daysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12 // March = 0
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

func dateFromDays(z int) Date {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return Date{Year: y, Month: time.Month(m), Day: d}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int) int { return a - floorDiv(a, b)*b }

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	default:
		return 0
	}
}

// TimeOfDay is a wall-clock time, hours and minutes, written "HH:MM".
type TimeOfDay struct {
	Hour   int
	Minute int
}

// ParseTimeOfDay parses "HH:MM" (24-hour clock, 00:00 to 23:59). A single
// digit hour ("9:30") is accepted.
func ParseTimeOfDay(s string) (TimeOfDay, error) {
	var h, m int
	switch {
	case len(s) == 5 && s[2] == ':':
		var ok1, ok2 bool
		h, ok1 = atoiDigits(s[0:2])
		m, ok2 = atoiDigits(s[3:5])
		if !ok1 || !ok2 {
			return TimeOfDay{}, fmt.Errorf("time of day %q: want HH:MM", s)
		}
	case len(s) == 4 && s[1] == ':':
		var ok1, ok2 bool
		h, ok1 = atoiDigits(s[0:1])
		m, ok2 = atoiDigits(s[2:4])
		if !ok1 || !ok2 {
			return TimeOfDay{}, fmt.Errorf("time of day %q: want HH:MM", s)
		}
	default:
		return TimeOfDay{}, fmt.Errorf("time of day %q: want HH:MM", s)
	}
	if h > 23 || m > 59 {
		return TimeOfDay{}, fmt.Errorf("time of day %q: out of range", s)
	}
	return TimeOfDay{Hour: h, Minute: m}, nil
}

// String returns t as HH:MM.
func (t TimeOfDay) String() string { return fmt.Sprintf("%02d:%02d", t.Hour, t.Minute) }

// MarshalText writes HH:MM.
func (t TimeOfDay) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads HH:MM; "" gives midnight.
func (t *TimeOfDay) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*t = TimeOfDay{}
		return nil
	}
	v, err := ParseTimeOfDay(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
