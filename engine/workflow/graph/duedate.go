package graph

import (
	"fmt"
	"time"
)

// DueDateType says how a task's due date is computed.
type DueDateType string

// Due-date types. The empty value means DueNone.
const (
	DueNone       DueDateType = "none"        // the task has no due date
	DueOffset     DueDateType = "offset"      // Days after the day the run started
	DueAnchorDate DueDateType = "anchor_date" // an anchor date, relative to the day the run started
)

// MaxDueOffsetDays bounds DueDateRule.Days (about ten years).
const MaxDueOffsetDays = 3660

// DueDateRule computes a task's due date from the day its run started.
//
// Offset: Days calendar days after the start (or Days business days when
// BusinessDays is set, which never lands on a holiday), then moved off
// weekends and holidays by HolidayHandling (default previous_weekday).
//
// Anchor date: the anchor date of the period containing the start day (see
// AnchorDate.Resolve), given inline as AnchorDate or by the company's
// anchor-date dynamic field DynamicFieldID, whose value the caller looks up.
// The anchor's own holiday_handling applies; HolidayHandling is not used.
type DueDateRule struct {
	Type            DueDateType     `json:"type"`
	Days            int             `json:"days,omitempty"`
	BusinessDays    bool            `json:"businessDays,omitempty"`
	HolidayHandling HolidayHandling `json:"holidayHandling,omitempty"`
	DynamicFieldID  ID              `json:"dynamicFieldId,omitempty"`
	AnchorDate      *AnchorDate     `json:"anchorDate,omitempty"`
}

// Validate checks the rule on its own (not the field it may name). Error
// codes: invalid_due_date_type, invalid_due_offset, invalid_holiday_handling,
// missing_anchor_date, ambiguous_anchor_date, and the anchor date's own codes
// under anchorDate.
func (r DueDateRule) Validate() error {
	errs := &FieldErrors{Kind: ErrInvalidGraph}
	switch r.Type {
	case "", DueNone:
	case DueOffset:
		if r.Days < 0 || r.Days > MaxDueOffsetDays {
			errs.add("days", "invalid_due_offset", fmt.Sprintf("days %d is not in 0..%d", r.Days, MaxDueOffsetDays))
		}
		if !r.HolidayHandling.Valid() {
			errs.add("holidayHandling", "invalid_holiday_handling", fmt.Sprintf("unknown holiday handling %q", r.HolidayHandling))
		}
	case DueAnchorDate:
		validateAnchorSource(errs, r.AnchorDate, r.DynamicFieldID)
	default:
		errs.add("type", "invalid_due_date_type", fmt.Sprintf("unknown due-date type %q", r.Type))
	}
	return errs.err()
}

func validateAnchorSource(errs *FieldErrors, inline *AnchorDate, field ID) {
	switch {
	case inline == nil && field == "":
		errs.add("anchorDate", "missing_anchor_date", "an anchor date or an anchor-date field is required")
	case inline != nil && field != "":
		errs.add("anchorDate", "ambiguous_anchor_date", "give an anchor date or an anchor-date field, not both")
	case inline != nil:
		if err := inline.Validate(); err != nil {
			errs.Errors = append(errs.Errors, prefixed("anchorDate", err.(*FieldErrors).Errors)...)
		}
	}
}

// Resolve returns the due date for a run that started on runStart, or ok =
// false when the rule sets no due date. field is the value of the dynamic
// field the rule names (nil when it names none or the company has no value:
// then an anchor-date rule is an error, ErrInvalidAnchorDate).
func (r DueDateRule) Resolve(runStart Date, field *AnchorDate, cal *Calendar) (res Resolution, ok bool, err error) {
	if err := r.Validate(); err != nil {
		return Resolution{}, false, err
	}
	switch r.Type {
	case DueOffset:
		var nominal Date
		if r.BusinessDays {
			nominal = cal.AddBusinessDays(runStart, r.Days)
		} else {
			nominal = runStart.AddDays(r.Days)
		}
		date, moved := cal.Adjust(nominal, r.HolidayHandling)
		return Resolution{Date: date, Nominal: nominal, Moved: moved, Period: PeriodOf(runStart, UnitDay)}, true, nil
	case DueAnchorDate:
		a, err := pickAnchor(r.AnchorDate, field)
		if err != nil {
			return Resolution{}, false, err
		}
		res, err := a.Resolve(runStart, cal)
		return res, err == nil, err
	}
	return Resolution{}, false, nil
}

func pickAnchor(inline, field *AnchorDate) (AnchorDate, error) {
	if inline != nil {
		return *inline, nil
	}
	if field == nil {
		return AnchorDate{}, fmt.Errorf("%w: the anchor-date field has no value", ErrInvalidAnchorDate)
	}
	return *field, nil
}

// MaxWait bounds a wait node's duration (about ten years).
const MaxWait = 3660 * 24 * time.Hour

// Duration returns the length of a duration wait.
func (w WaitData) Duration() time.Duration {
	return time.Duration(w.Days)*24*time.Hour + time.Duration(w.Hours)*time.Hour + time.Duration(w.Minutes)*time.Minute
}

// Validate checks the wait on its own. Error codes: invalid_wait_type,
// invalid_wait_duration, missing_anchor_date, ambiguous_anchor_date and the
// anchor date's own codes under anchorDate.
func (w WaitData) Validate() error {
	errs := &FieldErrors{Kind: ErrInvalidGraph}
	switch w.Type {
	case WaitDuration:
		if w.Days < 0 || w.Hours < 0 || w.Minutes < 0 || w.Duration() <= 0 || w.Duration() > MaxWait {
			errs.add("days", "invalid_wait_duration", "a wait needs a positive duration of at most 3660 days")
		}
	case WaitAnchorDate:
		validateAnchorSource(errs, w.AnchorDate, w.DynamicFieldID)
	default:
		errs.add("type", "invalid_wait_type", fmt.Sprintf("wait type must be duration or anchor_date, not %q", w.Type))
	}
	return errs.err()
}

// Until returns the instant a wait that starts at start ends. A duration wait
// ends Duration later. An anchor-date wait ends at TimeOfDay in start's
// location on the anchor date of the period containing start's day, or, when
// that instant is not after start, on the next anchor date (see
// AnchorDate.Next); field is the value of the dynamic field it names.
func (w WaitData) Until(start time.Time, field *AnchorDate, cal *Calendar) (time.Time, Resolution, error) {
	if err := w.Validate(); err != nil {
		return time.Time{}, Resolution{}, err
	}
	if w.Type == WaitDuration {
		return start.Add(w.Duration()), Resolution{}, nil
	}
	a, err := pickAnchor(w.AnchorDate, field)
	if err != nil {
		return time.Time{}, Resolution{}, err
	}
	day := DateOf(start)
	res, err := a.Resolve(day, cal)
	if err != nil {
		return time.Time{}, Resolution{}, err
	}
	at := res.Date.At(w.TimeOfDay, start.Location())
	if !at.After(start) {
		if res, err = a.Next(day, cal); err != nil {
			return time.Time{}, Resolution{}, err
		}
		at = res.Date.At(w.TimeOfDay, start.Location())
	}
	return at, res, nil
}
