package graph

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// RecurrenceType is the kind of a recurrence pattern.
type RecurrenceType string

// Recurrence types.
const (
	Daily   RecurrenceType = "daily"
	Weekly  RecurrenceType = "weekly"
	Monthly RecurrenceType = "monthly"
	Yearly  RecurrenceType = "yearly"
)

// Sub-pattern types.
const (
	EveryNDays     = "every_n_days"     // DailyPattern: every Interval days
	EveryWeekday   = "every_weekday"    // DailyPattern: Monday to Friday
	OnDayOfMonth   = "day_of_month"     // MonthlyPattern: on Day; YearlyPattern: the same as OnDate
	OnWeekdayOfMon = "weekday_of_month" // Monthly/YearlyPattern: the Week-th Weekday
	OnDate         = "date"             // YearlyPattern: on Month/Day
)

// MaxInterval bounds every "every N" interval of a pattern.
const MaxInterval = 999

// MaxOccurrences bounds an end_after_occurrences count.
const MaxOccurrences = 10000

// MaxReportingOffset bounds a reporting period's offset (periods before or
// after the run's own): the editor offers the same range, and a period far
// outside it is a typo, not a schedule.
const MaxReportingOffset = 99

// Schedule is the data of a schedule trigger: when runs start.
//
//	{"recurrencePattern": {"type": "monthly", "timeOfDay": "08:00",
//	   "timeZone": "Europe/Helsinki", "monthlyPattern": {"type": "day_of_month", "day": 5}},
//	 "reportingPeriod": {"unit": "month", "offset": -1},
//	 "scheduleEndCondition": {"type": "no_end"},
//	 "scheduleStartDate": "2026-01-01"}
type Schedule struct {
	RecurrencePattern    RecurrencePattern `json:"recurrencePattern"`
	ReportingPeriod      *ReportingPeriod  `json:"reportingPeriod,omitempty"`
	ScheduleEndCondition EndCondition      `json:"scheduleEndCondition"`
	ScheduleStartDate    Date              `json:"scheduleStartDate"`
}

// RecurrencePattern says on which days, and at what time, runs start. Only
// the sub-pattern of its Type is read. Intervals of 0 mean 1.
//
// TimeZone is an IANA name; empty means the zone of the calendar's country
// (DefaultTimeZone). HolidayHandling applies only when a calendar is given to
// NextOccurrences (the workflow considers holidays); empty means next_weekday
// for schedules, so that a run never starts in the period before the one it
// was scheduled in.
type RecurrencePattern struct {
	Type            RecurrenceType  `json:"type"`
	TimeOfDay       TimeOfDay       `json:"timeOfDay"`
	TimeZone        string          `json:"timeZone,omitempty"`
	HolidayHandling HolidayHandling `json:"holidayHandling,omitempty"`
	DailyPattern    *DailyPattern   `json:"dailyPattern,omitempty"`
	WeeklyPattern   *WeeklyPattern  `json:"weeklyPattern,omitempty"`
	MonthlyPattern  *MonthlyPattern `json:"monthlyPattern,omitempty"`
	YearlyPattern   *YearlyPattern  `json:"yearlyPattern,omitempty"`
}

// DailyPattern: every Interval days from the start date (every_n_days), or
// every Monday to Friday (every_weekday).
type DailyPattern struct {
	Type     string `json:"type"`
	Interval int    `json:"interval,omitempty"`
}

// WeeklyPattern: on the given weekdays of every Interval-th week, weeks
// running Monday to Sunday and counted from the week of the start date.
type WeeklyPattern struct {
	Interval int       `json:"interval,omitempty"`
	Weekdays []Weekday `json:"weekdays"`
}

// MonthlyPattern: in every Interval-th month counted from the month of the
// start date, on Day (day_of_month; a day past the month's end means its last
// day) or on the Week-th Weekday (weekday_of_month).
type MonthlyPattern struct {
	Type     string      `json:"type"`
	Interval int         `json:"interval,omitempty"`
	Day      int         `json:"day,omitempty"`
	Week     WeekOrdinal `json:"week,omitempty"`
	Weekday  *Weekday    `json:"weekday,omitempty"`
}

// YearlyPattern: in every Interval-th year counted from the year of the start
// date, on Month/Day (date; 29 February means 28 February in other years) or
// on the Week-th Weekday of Month (weekday_of_month).
type YearlyPattern struct {
	Type     string      `json:"type"`
	Interval int         `json:"interval,omitempty"`
	Month    int         `json:"month"`
	Day      int         `json:"day,omitempty"`
	Week     WeekOrdinal `json:"week,omitempty"`
	Weekday  *Weekday    `json:"weekday,omitempty"`
}

// EndConditionType says when a schedule stops.
type EndConditionType string

// End conditions.
const (
	NoEnd               EndConditionType = "no_end"
	EndByDate           EndConditionType = "end_by_date"           // pattern dates up to EndDate, inclusive
	EndAfterOccurrences EndConditionType = "end_after_occurrences" // the first Occurrences pattern dates
)

// EndCondition is a schedule's scheduleEndCondition; an empty Type means
// no_end. Both limits apply to
// pattern dates, before holiday handling: the run of a pattern date on the end
// date that a holiday moves a day later still happens, and a pattern date
// merged into another by holiday handling still counts as an occurrence.
type EndCondition struct {
	Type        EndConditionType `json:"type"`
	EndDate     Date             `json:"endDate,omitzero"`
	Occurrences int              `json:"occurrences,omitempty"`
}

// Weekday is a day of the week, written in JSON as its English name in lower
// case ("monday"). The zero value is Sunday.
type Weekday time.Weekday

// MarshalText writes the lower-case English name.
func (w Weekday) MarshalText() ([]byte, error) {
	if w < 0 || w > 6 {
		return nil, fmt.Errorf("weekday %d out of range", int(w))
	}
	return []byte(strings.ToLower(time.Weekday(w).String())), nil
}

// UnmarshalText reads an English weekday name or its first three letters,
// in any case.
func (w *Weekday) UnmarshalText(b []byte) error {
	s := strings.ToLower(strings.TrimSpace(string(b)))
	for d := time.Sunday; d <= time.Saturday; d++ {
		name := strings.ToLower(d.String())
		if s == name || s == name[:3] {
			*w = Weekday(d)
			return nil
		}
	}
	return fmt.Errorf("unknown weekday %q", s)
}

// WeekOrdinal picks one weekday of a month: first to fourth, or last.
type WeekOrdinal string

// Week ordinals.
const (
	FirstWeek  WeekOrdinal = "first"
	SecondWeek WeekOrdinal = "second"
	ThirdWeek  WeekOrdinal = "third"
	FourthWeek WeekOrdinal = "fourth"
	LastWeek   WeekOrdinal = "last"
)

func (o WeekOrdinal) n() int {
	switch o {
	case FirstWeek:
		return 1
	case SecondWeek:
		return 2
	case ThirdWeek:
		return 3
	case FourthWeek:
		return 4
	case LastWeek:
		return -1
	}
	return 0
}

// ReportingPeriod names the period a run reports on, relative to its pattern
// date: Offset units before (negative) or after the period of Unit containing
// that date. Payroll run on the 5th for the previous month is {month, -1}.
// In JSON it is an object {"unit": "month", "offset": -1} or one of the
// strings current_<unit>, previous_<unit>, next_<unit>.
type ReportingPeriod struct {
	Unit   PeriodUnit `json:"unit"`
	Offset int        `json:"offset"`
}

// UnmarshalJSON reads the object or the string form.
func (r *ReportingPeriod) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		rel, unit, ok := strings.Cut(s, "_")
		offsets := map[string]int{"current": 0, "previous": -1, "next": 1}
		off, known := offsets[rel]
		if !ok || !known {
			return fmt.Errorf("reporting period %q: want current_, previous_ or next_ and a unit", s)
		}
		*r = ReportingPeriod{Unit: PeriodUnit(unit), Offset: off}
		return nil
	}
	type plain ReportingPeriod
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = ReportingPeriod(p)
	return nil
}

// For returns the reporting period of a run whose pattern date is d.
func (r ReportingPeriod) For(d Date) Period {
	p := periodOf(d, r.Unit).shift(r.Offset)
	p.Label = p.label()
	return p
}

// ParseSchedule decodes a schedule trigger's data and validates it. Decoding
// problems are reported as FieldErrors with code invalid_json.
func ParseSchedule(b []byte) (Schedule, error) {
	var s Schedule
	if err := json.Unmarshal(b, &s); err != nil {
		errs := &FieldErrors{Kind: ErrInvalidSchedule}
		errs.add("", "invalid_json", err.Error())
		return Schedule{}, errs
	}
	if err := s.Validate(""); err != nil {
		return Schedule{}, err
	}
	return s, nil
}

// Validate checks the schedule; country is used for the default time zone
// only. Error codes (FieldErrors, fields as JSON paths):
// invalid_recurrence_type, missing_pattern, invalid_daily_type,
// invalid_monthly_type, invalid_yearly_type, invalid_interval,
// missing_weekdays, invalid_weekday, invalid_day_of_month, invalid_week,
// invalid_month, invalid_time_of_day, invalid_time_zone,
// invalid_holiday_handling, missing_start_date, invalid_end_condition,
// missing_end_date, end_date_before_start, invalid_occurrences,
// invalid_reporting_period.
func (s Schedule) Validate(country string) error {
	var errs FieldErrors // on the stack unless there is an error
	p := s.RecurrencePattern
	const rp = "recurrencePattern."
	interval := func(field string, n int) {
		if n < 0 || n > MaxInterval {
			errs.add(field, "invalid_interval", fmt.Sprintf("interval %d is not in 1..%d", n, MaxInterval))
		}
	}
	weekday := func(field string, w *Weekday) {
		switch {
		case w == nil:
			errs.add(field, "invalid_weekday", "a weekday is required")
		case *w < 0 || *w > 6:
			errs.add(field, "invalid_weekday", fmt.Sprintf("weekday %d is not a day of the week", int(*w)))
		}
	}
	week := func(field string, o WeekOrdinal) {
		if o.n() == 0 {
			errs.add(field, "invalid_week", fmt.Sprintf("week %q is not first, second, third, fourth or last", o))
		}
	}
	switch p.Type {
	case Daily:
		switch d := p.DailyPattern; {
		case d == nil:
			errs.add(rp+"dailyPattern", "missing_pattern", "a daily pattern is required")
		case d.Type != EveryNDays && d.Type != EveryWeekday:
			errs.add(rp+"dailyPattern.type", "invalid_daily_type", fmt.Sprintf("daily type must be %s or %s", EveryNDays, EveryWeekday))
		default:
			interval(rp+"dailyPattern.interval", d.Interval)
		}
	case Weekly:
		if w := p.WeeklyPattern; w == nil {
			errs.add(rp+"weeklyPattern", "missing_pattern", "a weekly pattern is required")
		} else {
			interval(rp+"weeklyPattern.interval", w.Interval)
			if len(w.Weekdays) == 0 {
				errs.add(rp+"weeklyPattern.weekdays", "missing_weekdays", "pick at least one weekday")
			}
			for i, d := range w.Weekdays {
				if d < 0 || d > 6 {
					weekday(fmt.Sprintf("%sweeklyPattern.weekdays[%d]", rp, i), &d)
				}
			}
		}
	case Monthly:
		switch m := p.MonthlyPattern; {
		case m == nil:
			errs.add(rp+"monthlyPattern", "missing_pattern", "a monthly pattern is required")
		default:
			interval(rp+"monthlyPattern.interval", m.Interval)
			switch m.Type {
			case OnDayOfMonth:
				if m.Day < 1 || m.Day > 31 {
					errs.add(rp+"monthlyPattern.day", "invalid_day_of_month", fmt.Sprintf("day %d is not in 1..31", m.Day))
				}
			case OnWeekdayOfMon:
				week(rp+"monthlyPattern.week", m.Week)
				weekday(rp+"monthlyPattern.weekday", m.Weekday)
			default:
				errs.add(rp+"monthlyPattern.type", "invalid_monthly_type", fmt.Sprintf("monthly type must be %s or %s", OnDayOfMonth, OnWeekdayOfMon))
			}
		}
	case Yearly:
		switch y := p.YearlyPattern; {
		case y == nil:
			errs.add(rp+"yearlyPattern", "missing_pattern", "a yearly pattern is required")
		default:
			interval(rp+"yearlyPattern.interval", y.Interval)
			if y.Month < 1 || y.Month > 12 {
				errs.add(rp+"yearlyPattern.month", "invalid_month", fmt.Sprintf("month %d is not in 1..12", y.Month))
			}
			switch y.Type {
			case OnDate, OnDayOfMonth:
				// Checked against a leap year, so that 29 February is allowed.
				if y.Month >= 1 && y.Month <= 12 && (y.Day < 1 || y.Day > DaysIn(2000, time.Month(y.Month))) {
					errs.add(rp+"yearlyPattern.day", "invalid_day_of_month", fmt.Sprintf("day %d is not in month %d", y.Day, y.Month))
				}
			case OnWeekdayOfMon:
				week(rp+"yearlyPattern.week", y.Week)
				weekday(rp+"yearlyPattern.weekday", y.Weekday)
			default:
				errs.add(rp+"yearlyPattern.type", "invalid_yearly_type", fmt.Sprintf("yearly type must be %s or %s", OnDate, OnWeekdayOfMon))
			}
		}
	default:
		errs.add(rp+"type", "invalid_recurrence_type", fmt.Sprintf("recurrence type must be daily, weekly, monthly or yearly, not %q", p.Type))
	}
	if p.TimeOfDay.Hour < 0 || p.TimeOfDay.Hour > 23 || p.TimeOfDay.Minute < 0 || p.TimeOfDay.Minute > 59 {
		errs.add(rp+"timeOfDay", "invalid_time_of_day", "time of day must be HH:MM")
	}
	if _, err := s.location(country); err != nil {
		errs.add(rp+"timeZone", "invalid_time_zone", err.Error())
	}
	if !p.HolidayHandling.Valid() {
		errs.add(rp+"holidayHandling", "invalid_holiday_handling", fmt.Sprintf("unknown holiday handling %q", p.HolidayHandling))
	}
	if !s.ScheduleStartDate.Valid() {
		errs.add("scheduleStartDate", "missing_start_date", "a start date is required")
	}
	switch e := s.ScheduleEndCondition; e.Type {
	case "", NoEnd:
	case EndByDate:
		switch {
		case !e.EndDate.Valid():
			errs.add("scheduleEndCondition.endDate", "missing_end_date", "an end date is required")
		case s.ScheduleStartDate.Valid() && e.EndDate.Before(s.ScheduleStartDate):
			errs.add("scheduleEndCondition.endDate", "end_date_before_start", "the end date is before the start date")
		}
	case EndAfterOccurrences:
		if e.Occurrences < 1 || e.Occurrences > MaxOccurrences {
			errs.add("scheduleEndCondition.occurrences", "invalid_occurrences", fmt.Sprintf("occurrences must be in 1..%d", MaxOccurrences))
		}
	default:
		errs.add("scheduleEndCondition.type", "invalid_end_condition", fmt.Sprintf("end condition must be no_end, end_by_date or end_after_occurrences, not %q", e.Type))
	}
	if r := s.ReportingPeriod; r != nil && !r.Unit.Valid() {
		errs.add("reportingPeriod.unit", "invalid_reporting_period", fmt.Sprintf("reporting period unit must be day, week, month, quarter or year, not %q", r.Unit))
	}
	if r := s.ReportingPeriod; r != nil && (r.Offset < -MaxReportingOffset || r.Offset > MaxReportingOffset) {
		errs.add("reportingPeriod.offset", "invalid_reporting_period", fmt.Sprintf("reporting period offset must be in -%d..%d, not %d", MaxReportingOffset, MaxReportingOffset, r.Offset))
	}
	if len(errs.Errors) == 0 {
		return nil
	}
	return &FieldErrors{Kind: ErrInvalidSchedule, Errors: errs.Errors}
}

func (s Schedule) location(country string) (*time.Location, error) {
	name := s.RecurrencePattern.TimeZone
	if name == "" {
		name = DefaultTimeZone(country)
	}
	if name == "Local" {
		return nil, fmt.Errorf("time zone Local depends on the machine; name a zone")
	}
	return LoadLocation(name)
}

// Occurrence is one run a schedule starts: At, the instant (TimeOfDay in the
// schedule's zone on Date); Date, the day after holiday handling; Nominal, the
// pattern's day; Moved, the weekend days and holidays that moved it; Number,
// the 1-based position of Nominal among the pattern's dates from the start
// date; ReportingPeriod, when the schedule has one.
type Occurrence struct {
	Number          int              `json:"number"`
	At              time.Time        `json:"at"`
	Date            Date             `json:"date"`
	Nominal         Date             `json:"nominal"`
	Moved           []NonBusinessDay `json:"moved,omitempty"`
	ReportingPeriod *Period          `json:"reportingPeriod,omitempty"`
}

// NextOccurrences returns up to n runs of the schedule strictly after the
// instant after, in strictly increasing order; fewer when the end condition
// stops it. cal gives the holidays to move runs off (and the country for the
// default time zone); with a nil calendar runs stay on the pattern's days.
//
// Holiday handling can move two pattern dates to the same day (a daily
// every-weekday pattern and a Monday holiday with previous_weekday): the day
// gets one run, that of the earlier pattern date.
func NextOccurrences(s Schedule, after time.Time, n int, cal *Calendar) ([]Occurrence, error) {
	country := cal.Country()
	if err := s.Validate(country); err != nil {
		return nil, err
	}
	loc, _ := s.location(country)
	handling := s.RecurrencePattern.HolidayHandling
	if handling == "" {
		handling = NextWeekday
	}
	if cal == nil {
		handling = NoChange
	}
	seq := newSequence(s)
	from := DateOf(after.In(loc))
	if handling == NextWeekday {
		// A pattern date before `from` can only move onto or past it across
		// the non-business days just before it; look back over those only.
		for range maxAdjustDays {
			if cal.IsBusinessDay(from.AddDays(-1)) {
				break
			}
			from = from.AddDays(-1)
		}
	}
	date, number := seq.firstOnOrAfter(from)
	out := make([]Occurrence, 0, max(n, 0))
	var last Date
	for len(out) < n && !date.IsZero() {
		if s.ended(date, number) {
			break
		}
		adjusted, moved := Date{}, []NonBusinessDay(nil)
		if handling == NoChange {
			adjusted = date
		} else {
			adjusted, moved = cal.Adjust(date, handling)
		}
		at := adjusted.At(s.RecurrencePattern.TimeOfDay, loc)
		if at.After(after) && adjusted.After(last) {
			o := Occurrence{Number: number, At: at, Date: adjusted, Nominal: date, Moved: moved}
			if s.ReportingPeriod != nil {
				p := s.ReportingPeriod.For(date)
				o.ReportingPeriod = &p
			}
			out = append(out, o)
		}
		if adjusted.After(last) {
			last = adjusted
		}
		date = seq.next(date)
		number++
	}
	return out, nil
}

// Next returns the schedule's first run strictly after the instant after, or
// ok = false when the schedule has ended.
func (s Schedule) Next(after time.Time, cal *Calendar) (o Occurrence, ok bool, err error) {
	os, err := NextOccurrences(s, after, 1, cal)
	if err != nil || len(os) == 0 {
		return Occurrence{}, false, err
	}
	return os[0], true, nil
}

// NextOccurrences is the package function of the same name.
func (s Schedule) NextOccurrences(after time.Time, n int, cal *Calendar) ([]Occurrence, error) {
	return NextOccurrences(s, after, n, cal)
}

func (s Schedule) ended(nominal Date, number int) bool {
	switch e := s.ScheduleEndCondition; e.Type {
	case EndByDate:
		return nominal.After(e.EndDate)
	case EndAfterOccurrences:
		return number > e.Occurrences
	}
	return false
}

// sequence enumerates a pattern's dates from the start date.
type sequence struct {
	start    Date
	kind     int
	interval int
	weekdays uint8 // weekly: bit i set for ISO weekday index i (0 Monday .. 6 Sunday)
	count    int   // weekly: number of weekdays set
	// Monthly and yearly patterns are months: slots base, base+step, ...
	// (months since year 0), each with one date.
	base, step int
	day        int // day of month, clamped; 0 when by weekday
	week       int // 1..4 or -1
	weekday    time.Weekday
}

const (
	seqEveryNDays = iota
	seqWeekdays
	seqWeekly
	seqMonthly
)

func newSequence(s Schedule) sequence {
	p := s.RecurrencePattern
	q := sequence{start: s.ScheduleStartDate}
	switch p.Type {
	case Daily:
		q.interval = max(p.DailyPattern.Interval, 1)
		q.kind = seqEveryNDays
		if p.DailyPattern.Type == EveryWeekday {
			q.kind = seqWeekdays
		}
	case Weekly:
		q.kind = seqWeekly
		q.interval = max(p.WeeklyPattern.Interval, 1)
		for _, d := range p.WeeklyPattern.Weekdays {
			bit := uint8(1) << ((int(d) + 6) % 7)
			if q.weekdays&bit == 0 {
				q.weekdays |= bit
				q.count++
			}
		}
	case Monthly:
		m := p.MonthlyPattern
		q.kind = seqMonthly
		q.step = max(m.Interval, 1)
		q.base = monthIndex(q.start)
		if m.Type == OnDayOfMonth {
			q.day = m.Day
		} else {
			q.week, q.weekday = m.Week.n(), time.Weekday(*m.Weekday)
		}
	case Yearly:
		y := p.YearlyPattern
		q.kind = seqMonthly
		q.step = 12 * max(y.Interval, 1)
		q.base = q.start.Year*12 + y.Month - 1
		if y.Type == OnWeekdayOfMon {
			q.week, q.weekday = y.Week.n(), time.Weekday(*y.Weekday)
		} else {
			q.day = y.Day
		}
	}
	return q
}

func monthIndex(d Date) int { return d.Year*12 + int(d.Month) - 1 }

// inSlot returns the date of the month slot m (months since year 0).
func (q *sequence) inSlot(m int) Date {
	y, month := floorDiv(m, 12), time.Month(floorMod(m, 12)+1)
	if q.day > 0 {
		return Date{y, month, min(q.day, DaysIn(y, month))}
	}
	return nthWeekday(y, month, q.weekday, q.week)
}

// nthWeekday returns the n-th (1..5) weekday of a month, or the last one for
// n = -1.
func nthWeekday(y int, m time.Month, wd time.Weekday, n int) Date {
	if n < 0 {
		last := Date{y, m, DaysIn(y, m)}
		return last.AddDays(-floorMod(int(last.Weekday())-int(wd), 7))
	}
	first := Date{y, m, 1}
	return first.AddDays(floorMod(int(wd)-int(first.Weekday()), 7) + 7*(n-1))
}

// firstOnOrAfter returns the first pattern date on or after d (and on or
// after the start date) with its 1-based number.
func (q *sequence) firstOnOrAfter(d Date) (Date, int) {
	if d.Before(q.start) {
		d = q.start
	}
	switch q.kind {
	case seqEveryNDays:
		k := ceilDiv(q.start.DaysUntil(d), q.interval)
		return q.start.AddDays(k * q.interval), k + 1
	case seqWeekdays:
		for d.IsWeekend() {
			d = d.AddDays(1)
		}
		return d, weekdaysBetween(q.start, d) + 1
	case seqWeekly:
		return q.weeklyFrom(d)
	default:
		k := max(ceilDiv(monthIndex(d)-q.base, q.step), 0)
		date := q.inSlot(q.base + k*q.step)
		if date.Before(d) {
			k++
			date = q.inSlot(q.base + k*q.step)
		}
		number := k + 1
		if q.inSlot(q.base).Before(q.start) {
			number-- // the first slot's date falls before the start date
		}
		return date, number
	}
}

// next returns the pattern date after d, a pattern date.
func (q *sequence) next(d Date) Date {
	switch q.kind {
	case seqEveryNDays:
		return d.AddDays(q.interval)
	case seqWeekdays:
		d = d.AddDays(1)
		for d.IsWeekend() {
			d = d.AddDays(1)
		}
		return d
	case seqWeekly:
		date, _ := q.weeklyFrom(d.AddDays(1))
		return date
	default:
		k := ceilDiv(monthIndex(d)-q.base, q.step) + 1
		return q.inSlot(q.base + k*q.step)
	}
}

// weeklyFrom returns the first weekly pattern date on or after d (not before
// the start date) with its number.
func (q *sequence) weeklyFrom(d Date) (Date, int) {
	week0 := q.start.AddDays(-isoWeekdayIndex(q.start))
	startIdx := isoWeekdayIndex(q.start)
	for {
		w := week0.DaysUntil(d) / 7
		if w%q.interval != 0 {
			w += q.interval - w%q.interval
			d = week0.AddDays(7 * w)
		}
		idx := isoWeekdayIndex(d)
		for wd := idx; wd < 7; wd++ {
			if q.weekdays&(1<<wd) != 0 {
				return d.AddDays(wd - idx), q.weeklyNumber(w, wd, startIdx)
			}
		}
		d = week0.AddDays(7 * (w + q.interval))
	}
}

// weeklyNumber is the number of the date on ISO weekday wd of week w (a
// multiple of the interval), counting from the start date.
func (q *sequence) weeklyNumber(w, wd, startIdx int) int {
	inFirstWeek := 0
	before := 0 // pattern dates earlier in the same week
	for x := range 7 {
		if q.weekdays&(1<<x) == 0 {
			continue
		}
		if x >= startIdx {
			inFirstWeek++
		}
		if x < wd && (w > 0 || x >= startIdx) {
			before++
		}
	}
	if w == 0 {
		return before + 1
	}
	fullWeeks := w/q.interval - 1 // active weeks strictly between the first and week w
	return inFirstWeek + fullWeeks*q.count + before + 1
}

// weekdaysBetween counts Monday-to-Friday days in [a, b).
func weekdaysBetween(a, b Date) int {
	n := a.DaysUntil(b)
	if n <= 0 {
		return 0
	}
	count := n / 7 * 5
	idx := isoWeekdayIndex(a)
	for i := range n % 7 {
		if (idx+i)%7 < 5 {
			count++
		}
	}
	return count
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }
