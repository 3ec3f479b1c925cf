package graph

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// HolidaySource says where a holiday comes from.
type HolidaySource string

// Holiday sources.
const (
	// SourceBuiltin marks a holiday computed from the country's rules.
	SourceBuiltin HolidaySource = "builtin"
	// SourceAdmin marks a holiday kept by an admin for a country and year.
	SourceAdmin HolidaySource = "admin"
)

// Holiday is one non-working day of a country. Name is in English, LocalName
// in the country's language (the spec's Holiday entity: date, name, localName).
type Holiday struct {
	Date      Date          `json:"date"`
	Name      string        `json:"name"`
	LocalName string        `json:"localName,omitempty"`
	Source    HolidaySource `json:"source,omitempty"`
}

// Calendar answers which days are business days in one country: Monday to
// Friday, minus the country's public holidays (built-in rules for the known
// countries) and the holidays admins keep for it.
//
// A Calendar is safe for concurrent use and deterministic: its answers depend
// only on the country code and the admin holidays it was built with. Holidays
// are computed per year on first use and kept.
//
// A nil *Calendar is a valid calendar with weekends and no holidays.
type Calendar struct {
	country string
	rules   []holidayRule
	admin   map[int][]Holiday // by year, each sorted by date

	mu    sync.RWMutex
	years map[int]*yearHolidays
}

// yearHolidays is the holiday table of one year: list sorted by date, and for
// each day of the year the index+1 of its first holiday in list (0 = none).
type yearHolidays struct {
	jan1  int // days since the epoch of January 1
	index []uint16
	list  []Holiday
}

// NewCalendar returns the calendar of a country, by its lower-case ISO code
// (fi, se, no, ee, gb have built-in public holidays; see KnownCountries),
// merged with the holidays admins keep for that country. An unknown code gives
// a calendar of weekends and admin holidays only.
//
// On a date where an admin holiday exists, the admin's entries replace the
// built-in ones (admins may rename a day, never remove one: a day can only be
// added as a non-working day). Admin holidays need a valid date and a name.
func NewCalendar(country string, admin ...Holiday) (*Calendar, error) {
	code := strings.ToLower(strings.TrimSpace(country))
	c := &Calendar{
		country: code,
		rules:   countryRules(code),
		admin:   map[int][]Holiday{},
		years:   map[int]*yearHolidays{},
	}
	sorted := make([]Holiday, 0, len(admin))
	for i, h := range admin {
		if !h.Date.Valid() {
			return nil, fmt.Errorf("%w: admin holiday %d has no valid date", ErrInvalidHoliday, i)
		}
		if strings.TrimSpace(h.Name) == "" {
			return nil, fmt.Errorf("%w: admin holiday on %s has no name", ErrInvalidHoliday, h.Date)
		}
		h.Source = SourceAdmin
		sorted = append(sorted, h)
	}
	slices.SortStableFunc(sorted, func(a, b Holiday) int { return a.Date.Compare(b.Date) })
	for _, h := range sorted {
		c.admin[h.Date.Year] = append(c.admin[h.Date.Year], h)
	}
	return c, nil
}

// MustCalendar is NewCalendar that panics on error; for tests and examples.
func MustCalendar(country string, admin ...Holiday) *Calendar {
	c, err := NewCalendar(country, admin...)
	if err != nil {
		panic(err)
	}
	return c
}

// Country returns the calendar's country code.
func (c *Calendar) Country() string {
	if c == nil {
		return ""
	}
	return c.country
}

// HasBuiltinHolidays reports whether the calendar's country has built-in
// holiday rules.
func (c *Calendar) HasBuiltinHolidays() bool { return c != nil && len(c.rules) > 0 }

// IsBusinessDay reports whether d is a working day: not a Saturday, a Sunday
// or a holiday.
func (c *Calendar) IsBusinessDay(d Date) bool {
	if d.IsWeekend() {
		return false
	}
	_, ok := c.IsHoliday(d)
	return !ok
}

// IsHoliday returns the holiday on d, if any. When several fall on the same
// day (Ascension Day on May Day), the first in Holidays order is returned; see
// HolidaysOn for all of them.
func (c *Calendar) IsHoliday(d Date) (Holiday, bool) {
	if c == nil {
		return Holiday{}, false
	}
	y := c.year(d.Year)
	i := y.index[d.days()-y.jan1]
	if i == 0 {
		return Holiday{}, false
	}
	return y.list[i-1], true
}

// HolidaysOn returns every holiday on d.
func (c *Calendar) HolidaysOn(d Date) []Holiday {
	if c == nil {
		return nil
	}
	y := c.year(d.Year)
	i := y.index[d.days()-y.jan1]
	if i == 0 {
		return nil
	}
	var out []Holiday
	for _, h := range y.list[i-1:] {
		if h.Date != d {
			break
		}
		out = append(out, h)
	}
	return out
}

// Holidays returns the holidays of year, sorted by date (built-in rule order,
// then admin order, within a day).
func (c *Calendar) Holidays(year int) []Holiday {
	if c == nil {
		return nil
	}
	return slices.Clone(c.year(year).list)
}

func (c *Calendar) year(y int) *yearHolidays {
	c.mu.RLock()
	t, ok := c.years[y]
	c.mu.RUnlock()
	if ok {
		return t
	}
	t = c.buildYear(y)
	c.mu.Lock()
	if prev, ok := c.years[y]; ok {
		t = prev
	} else {
		c.years[y] = t
	}
	c.mu.Unlock()
	return t
}

func (c *Calendar) buildYear(y int) *yearHolidays {
	admin := c.admin[y]
	var list []Holiday
	for _, r := range c.rules {
		h, ok := r.on(y)
		if !ok {
			continue
		}
		if slices.ContainsFunc(admin, func(a Holiday) bool { return a.Date == h.Date }) {
			continue
		}
		list = append(list, h)
	}
	list = append(list, admin...)
	slices.SortStableFunc(list, func(a, b Holiday) int { return a.Date.Compare(b.Date) })

	jan1 := daysFromCivil(y, 1, 1)
	t := &yearHolidays{jan1: jan1, index: make([]uint16, 366), list: list}
	for i := len(list) - 1; i >= 0; i-- {
		t.index[list[i].Date.days()-jan1] = uint16(i + 1)
	}
	return t
}

// NonBusinessDay is a day that holiday handling stepped over: a weekend day, a
// holiday, or both.
type NonBusinessDay struct {
	Date     Date      `json:"date"`
	Weekend  bool      `json:"weekend"`
	Holidays []Holiday `json:"holidays,omitempty"`
}

func (c *Calendar) nonBusinessDay(d Date) (NonBusinessDay, bool) {
	hs := c.HolidaysOn(d)
	if len(hs) == 0 && !d.IsWeekend() {
		return NonBusinessDay{}, false
	}
	return NonBusinessDay{Date: d, Weekend: d.IsWeekend(), Holidays: hs}, true
}

// Adjust moves d off weekends and holidays as h says and returns the resolved
// date with the days it stepped over, in the order it met them (starting with
// d itself when d is not a business day). NoChange returns d unmoved and
// reports nothing. If no business day lies within a year of d, d is returned
// unmoved.
func (c *Calendar) Adjust(d Date, h HolidayHandling) (Date, []NonBusinessDay) {
	step := 0
	switch h.orDefault() {
	case PreviousWeekday:
		step = -1
	case NextWeekday:
		step = 1
	default:
		return d, nil
	}
	var moved []NonBusinessDay
	start := d
	for range maxAdjustDays {
		nb, ok := c.nonBusinessDay(d)
		if !ok {
			return d, moved
		}
		moved = append(moved, nb)
		d = d.AddDays(step)
	}
	// Only admin data marking a whole year as holidays gets here; leave the
	// date where the rule put it rather than loop.
	return start, nil
}

// maxAdjustDays bounds the search for a business day.
const maxAdjustDays = 366

// AddBusinessDays returns the date n business days after d (before it when n
// is negative). n = 0 returns d unchanged even when d is not a business day.
// Like Adjust, it gives up (returning d) if a year passes without a business
// day.
func (c *Calendar) AddBusinessDays(d Date, n int) Date {
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	start, idle := d, 0
	for n > 0 {
		d = d.AddDays(step)
		if c.IsBusinessDay(d) {
			n--
			idle = 0
		} else if idle++; idle > maxAdjustDays {
			return start
		}
	}
	return d
}
