package graph

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// HolidayHandling says where a date that falls on a weekend or a holiday
// moves.
type HolidayHandling string

// Holiday handlings. The empty value means PreviousWeekday, the spec's
// default.
const (
	PreviousWeekday HolidayHandling = "previous_weekday"
	NextWeekday     HolidayHandling = "next_weekday"
	NoChange        HolidayHandling = "no_change"
)

func (h HolidayHandling) orDefault() HolidayHandling {
	if h == "" {
		return PreviousWeekday
	}
	return h
}

// Valid reports whether h is a known handling or empty (the default).
func (h HolidayHandling) Valid() bool {
	switch h {
	case "", PreviousWeekday, NextWeekday, NoChange:
		return true
	}
	return false
}

// AnchorDateType is one of the six ways an anchor date names a day.
type AnchorDateType string

// Anchor date types; the package documentation says what each means.
const (
	DayOfWeek           AnchorDateType = "day_of_week"
	DayOfFollowingWeek  AnchorDateType = "day_of_following_week"
	DayOfMonth          AnchorDateType = "day_of_month"
	DayOfFollowingMonth AnchorDateType = "day_of_following_month"
	WeekOfMonth         AnchorDateType = "week_of_month"
	MonthOfYear         AnchorDateType = "month_of_year"
)

// AnchorDateTypes lists the six types in the spec's order.
var AnchorDateTypes = []AnchorDateType{DayOfWeek, DayOfFollowingWeek, DayOfMonth, DayOfFollowingMonth, WeekOfMonth, MonthOfYear}

// unit is the period an anchor of this type recurs in.
func (t AnchorDateType) unit() PeriodUnit {
	switch t {
	case DayOfWeek, DayOfFollowingWeek:
		return UnitWeek
	case MonthOfYear:
		return UnitYear
	default:
		return UnitMonth
	}
}

// dayNumberRange is the allowed range of DayNumber for the type.
func (t AnchorDateType) dayNumberRange() (lo, hi int) {
	switch t {
	case DayOfWeek, DayOfFollowingWeek:
		return 1, 7
	case DayOfMonth, DayOfFollowingMonth:
		return 1, 31
	case WeekOfMonth:
		return 1, 4
	case MonthOfYear:
		return 1, 12
	}
	return 0, -1
}

// MaxFollowingInterval bounds FollowingInterval (ten years of months, or
// about ten years of weeks).
const MaxFollowingInterval = 520

// AnchorDate is the value of an anchor-date dynamic field: a rule naming one
// day in every week, month or year (see the package documentation for each
// type), and how to move that day off weekends and holidays.
//
// In JSON the fields are snake_case as the spec names them. A missing
// following_interval means 1 (the spec's default); a missing holiday_handling
// means previous_weekday.
type AnchorDate struct {
	DayNumber         int             `json:"day_number"`
	DateType          AnchorDateType  `json:"date_type"`
	FollowingInterval int             `json:"following_interval"`
	HolidayHandling   HolidayHandling `json:"holiday_handling"`
}

// UnmarshalJSON reads an anchor date, applying the defaults and accepting
// day_number and following_interval as numbers or numeric strings (form
// inputs send either).
func (a *AnchorDate) UnmarshalJSON(b []byte) error {
	var raw struct {
		DayNumber         flexInt         `json:"day_number"`
		DateType          AnchorDateType  `json:"date_type"`
		FollowingInterval *flexInt        `json:"following_interval"`
		HolidayHandling   HolidayHandling `json:"holiday_handling"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidAnchorDate, err)
	}
	*a = AnchorDate{
		DayNumber:         int(raw.DayNumber),
		DateType:          raw.DateType,
		FollowingInterval: 1,
		HolidayHandling:   raw.HolidayHandling,
	}
	if raw.FollowingInterval != nil {
		a.FollowingInterval = int(*raw.FollowingInterval)
	}
	return nil
}

// Validate checks the anchor date. Error codes: invalid_date_type,
// invalid_day_number, invalid_following_interval, invalid_holiday_handling.
func (a AnchorDate) Validate() error {
	errs := &FieldErrors{Kind: ErrInvalidAnchorDate}
	lo, hi := a.DateType.dayNumberRange()
	if lo > hi {
		errs.add("date_type", "invalid_date_type", fmt.Sprintf("unknown date type %q", a.DateType))
	} else if a.DayNumber < lo || a.DayNumber > hi {
		errs.add("day_number", "invalid_day_number", fmt.Sprintf("day number %d is not in %d..%d for %s", a.DayNumber, lo, hi, a.DateType))
	}
	if a.FollowingInterval < 0 || a.FollowingInterval > MaxFollowingInterval {
		errs.add("following_interval", "invalid_following_interval", fmt.Sprintf("following interval %d is not in 0..%d", a.FollowingInterval, MaxFollowingInterval))
	}
	if !a.HolidayHandling.Valid() {
		errs.add("holiday_handling", "invalid_holiday_handling", fmt.Sprintf("unknown holiday handling %q", a.HolidayHandling))
	}
	return errs.err()
}

// Resolution is a date computed by a rule: Nominal is the day the rule names,
// Date the day after holiday handling, Moved the weekend days and holidays
// stepped over on the way (Nominal first when it is not a business day; empty
// when Date equals Nominal). Period is the period the date belongs to (for an
// anchor date, the week, month or year it was computed for).
type Resolution struct {
	Date    Date             `json:"date"`
	Nominal Date             `json:"nominal"`
	Moved   []NonBusinessDay `json:"moved,omitempty"`
	Period  Period           `json:"period"`
}

// Holidays returns the holidays that moved the date, in the order met.
func (r Resolution) Holidays() []Holiday {
	var out []Holiday
	for _, nb := range r.Moved {
		out = append(out, nb.Holidays...)
	}
	return out
}

// Nominal returns the day the anchor names for the period (week, month or
// year, by type) that contains ref, before holiday handling. It assumes a
// valid anchor; an invalid one gives the zero Date.
func (a AnchorDate) Nominal(ref Date) Date {
	return a.nominalIn(PeriodOf(ref, a.DateType.unit()))
}

func (a AnchorDate) nominalIn(p Period) Date {
	switch a.DateType {
	case DayOfWeek:
		return p.Start.AddDays(a.DayNumber - 1)
	case DayOfFollowingWeek:
		return p.Start.AddDays(7*a.FollowingInterval + a.DayNumber - 1)
	case DayOfMonth:
		return dayOfMonthClamped(p.Start, a.DayNumber)
	case DayOfFollowingMonth:
		return dayOfMonthClamped(p.Start.AddMonths(a.FollowingInterval), a.DayNumber)
	case WeekOfMonth:
		// The first Monday of the month, then N-1 weeks on. Every month has at
		// least four Mondays, hence the spec's 1..4.
		first := p.Start.AddDays((8 - int(p.Start.Weekday())) % 7)
		return first.AddDays(7 * (a.DayNumber - 1))
	case MonthOfYear:
		if a.DayNumber < 1 || a.DayNumber > 12 {
			return Date{}
		}
		return Date{p.Start.Year, time.Month(a.DayNumber), 1}
	}
	return Date{}
}

func dayOfMonthClamped(monthStart Date, day int) Date {
	return Date{monthStart.Year, monthStart.Month, min(day, DaysIn(monthStart.Year, monthStart.Month))}
}

// Resolve returns the anchor date for the period that contains ref, moved
// off weekends and holidays of cal as the anchor's holiday handling says.
// This is the reading for a date relative to a known day, such as a task's
// due date relative to the day its run started: day 12 of the following month
// for a run started on 5 January is 12 February.
func (a AnchorDate) Resolve(ref Date, cal *Calendar) (Resolution, error) {
	if err := a.Validate(); err != nil {
		return Resolution{}, err
	}
	return a.resolveIn(PeriodOf(ref, a.DateType.unit()), cal), nil
}

func (a AnchorDate) resolveIn(p Period, cal *Calendar) Resolution {
	return a.resolveShifted(p, 0, cal)
}

// resolveShifted moves the period's anchor day by offset days and then off
// weekends and holidays: Nominal is the moved day, so a preview shows the day
// the holiday handling started from.
func (a AnchorDate) resolveShifted(p Period, offset int, cal *Calendar) Resolution {
	nominal := a.nominalIn(p).AddDays(offset)
	date, moved := cal.Adjust(nominal, a.HolidayHandling)
	return Resolution{Date: date, Nominal: nominal, Moved: moved, Period: p}
}

// Next returns the first anchor date, after holiday handling, strictly after
// the given day. Anchor dates form a series, one per week, month or year; the
// series is never decreasing, but two periods may resolve to the same day
// when a long run of holidays lies between them, in which case the later
// period is skipped (a trigger fires once a day at most).
func (a AnchorDate) Next(after Date, cal *Calendar) (Resolution, error) {
	rs, err := a.Occurrences(after, 1, cal)
	if err != nil {
		return Resolution{}, err
	}
	return rs[0], nil
}

// Occurrences returns the next n anchor dates strictly after the given day,
// strictly increasing. See Next.
func (a AnchorDate) Occurrences(after Date, n int, cal *Calendar) ([]Resolution, error) {
	return a.OccurrencesOffset(after, n, 0, cal)
}

// MaxOffsetDays bounds an anchor-date trigger's offset: a year either way.
const MaxOffsetDays = 365

// OccurrencesOffset is Occurrences for dates offset days after each anchor
// day (before it when negative): the anchor's nominal day is moved first, and
// the anchor's holiday handling then applies to the moved day. Offsets beyond
// MaxOffsetDays either way are refused.
func (a AnchorDate) OccurrencesOffset(after Date, n, offset int, cal *Calendar) ([]Resolution, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	if offset < -MaxOffsetDays || offset > MaxOffsetDays {
		return nil, fmt.Errorf("%w: offset %d days is beyond %d", ErrInvalidAnchorDate, offset, MaxOffsetDays)
	}
	unit := a.DateType.unit()
	// Start early enough that a period whose date a following interval or a
	// holiday move brings before `after` is not missed: back by the interval,
	// and by one more month or five weeks for holiday moves.
	back := after.AddMonths(-1).AddDays(-7 - max(offset, 0))
	switch a.DateType {
	case DayOfFollowingWeek:
		back = back.AddDays(-7 * a.FollowingInterval)
	case DayOfFollowingMonth:
		back = back.AddMonths(-a.FollowingInterval)
	}
	p := periodOf(back, unit)
	out := make([]Resolution, 0, n)
	last := after
	for len(out) < n {
		r := a.resolveShifted(p, offset, cal)
		if r.Date.After(last) {
			r.Period.Label = r.Period.label()
			out = append(out, r)
			last = r.Date
		}
		p = p.shift(1)
	}
	return out, nil
}

// flexInt reads a JSON number or a string holding an integer.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		*f = 0
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		s = strings.TrimSpace(str)
		if s == "" {
			*f = 0
			return nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	*f = flexInt(n)
	return nil
}
