// Package graph is the pure model of Portico's workflow engine: a
// workflow's structure (the graph drawn in the canvas) and its validation,
// country holiday calendars, anchor dates, due-date rules and recurrence
// patterns. It does no I/O, reads no clock and has no goroutines; every
// answer depends only on its arguments, in a fixed order (no map iteration
// order leaks out), so the Temporal workflows in temporal/ may call it.
//
// It imports no Portico package and no database driver (TestEngineImportsNoEdge), and
// rickar/cal for the countries' holidays.
//
// # Structure
//
// A Structure is what the canvas (React Flow) stores: nodes with id, type,
// position and data, and edges with id, source, target, and sourceHandle or
// label. ParseStructure performs the schema check on load: well-formed JSON,
// known node types, required ids and references, field types and enum values.
// Unknown keys are kept and written back. Validate then checks the graph and
// the nodes' content and reports errors per node with stable codes, for the
// editor to show on the nodes.
//
// A run walks the graph with Structure.Next. Its semantics, which Validate
// guarantees can be followed without getting stuck:
//   - start, task, wait and join nodes have one outgoing edge; end nodes none.
//     A run is complete when a token reaches an end node (with no branch of a
//     parallel still open, since ends cannot sit inside parallel branches).
//   - approval nodes are tasks whose outcome (approved or rejected) picks the
//     edge with that label; condition nodes evaluate "parameter operator
//     value" against the run's parameters (declared on the start node) and
//     follow the true or false edge. An approval cannot be optional.
//   - a parallel node starts every outgoing branch; its branches must all
//     meet at one join node that nothing else enters, each branch by exactly
//     one edge; the join continues once every incoming edge has delivered. A
//     branch that itself branches (a condition inside a parallel) must merge
//     its alternatives into one node before the join. A node other than a
//     join with several incoming edges continues on each arrival (in a valid
//     graph only one of them can arrive).
//   - no cycles: a workflow does not loop.
//   - steps (for totalStepsCount) are task, approval and wait nodes, whether
//     or not the run takes their branch; StepsOnlyVia gives the steps a
//     branch decision leaves behind.
//
// # Calendars
//
// NewCalendar gives the business-day calendar of a country: Saturdays,
// Sundays, the country's built-in holidays (fi, se, no, ee, gb; from
// rickar/cal for gb, se and no, built here from rickar/cal's common holidays
// and Easter helper for fi and ee) and the holidays admins keep per country
// and year. The built-in lists:
//   - fi: public holidays plus Midsummer Eve and Christmas Eve (de facto
//     non-working days); Finnish rules since 1991.
//   - se: public holidays (Easter Day and Whit Sunday included) plus
//     Midsummer, Christmas and New Year's Eve.
//   - no: public holidays (Easter Day and Whit Sunday included).
//   - ee: public holidays (riigipühad); Christmas Eve from 2005.
//   - gb: England and Wales bank holidays, with substitute days named as
//     gov.uk names them and the one-off days of 2020 to 2023.
//
// Admin holidays add days; on a date that has one, its name replaces the
// built-in one. Admins cannot remove a built-in holiday.
//
// # Anchor dates
//
// An AnchorDate (the value of an anchor-date dynamic field) names one day in
// every week, month or year. Where the spec is silent, this package decides:
//   - day_of_week: day_number 1 (Monday) to 7 (Sunday) of the ISO week
//     (Monday to Sunday).
//   - day_of_following_week: that weekday in the week following_interval
//     weeks after the reference week (0 means the same week).
//   - day_of_month: day day_number (1 to 31) of the month; a day past the
//     month's end means its last day (31 in February is 28 or 29 February).
//   - day_of_following_month: that day of the month following_interval months
//     after the reference month (0 means the same month), clamped the same
//     way.
//   - week_of_month: the Monday starting the day_number-th (1 to 4) week of
//     the month, that is the day_number-th Monday: every month has at least
//     four, hence the spec's range.
//   - month_of_year: the first day of month day_number (1 to 12) of the year.
//   - following_interval counts weeks for day_of_following_week and months
//     for day_of_following_month; the other types ignore it. In JSON a
//     missing following_interval means 1.
//
// Holiday handling moves a day that is a weekend day or a holiday:
// previous_weekday (the default) to the closest earlier business day,
// next_weekday to the closest later one, no_change not at all. The result is
// a Resolution carrying the days stepped over and their holidays, for the
// preview's "holidays that moved them".
//
// An anchor date is read two ways. Resolve takes the period (week, month or
// year) containing a reference day: a due date 12 days into the following
// month of a run started on 5 January is 12 February. Next and Occurrences
// take the series of one date per period, as a trigger fires: the first
// resolved date strictly after a day. Resolved dates never decrease from one
// period to the next; when two periods resolve to the same day the later is
// dropped.
//
// # Due dates and waits
//
// A task's due date (DueDateRule) is either an offset of calendar or business
// days from the day its run started, moved by holiday handling (default
// previous_weekday), or an anchor date resolved for the period containing
// that day. A wait node waits for a duration or until an anchor date at a
// time of day (the next one when the current period's has passed).
//
// # Schedules
//
// A Schedule is a schedule trigger's data: a RecurrencePattern (daily every
// N days or every weekday; weekly on weekdays every N weeks; monthly on a day
// or the first to fourth or last weekday every N months; yearly on a date or
// a weekday of a month every N years) at a time of day in an IANA time zone
// (default: the calendar country's), from scheduleStartDate, until an end
// condition (no_end, end_by_date, end_after_occurrences), with an optional
// reporting period. Decisions:
//   - "every N" intervals count from the start date's day, ISO week, month
//     or year; dates before the start date are not occurrences.
//   - day 29 to 31 in a shorter month means its last day; 29 February in a
//     yearly pattern means 28 February in other years.
//   - holidays are considered only when a calendar is passed (the workflow's
//     considerHolidays); the default handling for schedules is next_weekday,
//     so that a run never moves into the period before its own. Two pattern
//     dates moved onto the same day give one run.
//   - end_by_date includes pattern dates up to and including the end date;
//     end_after_occurrences counts pattern dates, before holiday handling. A
//     run moved past the end date by holiday handling still happens.
//   - a clock time that does not exist on a day (the hour skipped when
//     daylight-saving time starts) runs that much later; an ambiguous one
//     (the repeated hour in autumn) runs at its first instance.
//   - the reporting period is {unit, offset} (or "previous_month" and the
//     like): the period of unit (day, ISO week, month, quarter, year)
//     containing the pattern date, shifted by offset. It is computed from the
//     pattern date, not the moved one, so a run on 1 January moved to 31
//     December still reports on December.
//
// # Dates
//
// Date is a calendar day with no zone, computed with integer arithmetic;
// TimeOfDay is HH:MM. Both read and write their string forms in JSON.
package graph
