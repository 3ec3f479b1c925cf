package inbox

import "slices"

// Thread statuses.
const (
	StatusCreated    = "created"
	StatusInProgress = "in_progress"
	StatusClosed     = "closed"
	StatusFailed     = "failed"
	StatusSkipped    = "skipped"
	StatusCancelled  = "cancelled"
)

// Statuses lists every status.
var Statuses = []string{StatusCreated, StatusInProgress, StatusClosed, StatusFailed, StatusSkipped, StatusCancelled}

// transition is one event of the status machine.
type transition struct {
	event string
	from  []string
	to    string
	// staffOnly: customers may not fire it (reopening is for staff and admins).
	staffOnly bool
	// automatic: only the workflow engine fires it; no user picks it.
	automatic bool
	// skippable: only for threads marked skippable.
	skippable bool
}

var machine = []transition{
	{event: "start", from: []string{StatusCreated}, to: StatusInProgress},
	{event: "reset", from: []string{StatusInProgress}, to: StatusCreated, staffOnly: true},
	{event: "close", from: []string{StatusCreated, StatusInProgress}, to: StatusClosed},
	{event: "reopen", from: []string{StatusClosed, StatusFailed, StatusSkipped, StatusCancelled}, to: StatusInProgress, staffOnly: true},
	{event: "skip", from: []string{StatusCreated, StatusInProgress}, to: StatusSkipped, staffOnly: true, skippable: true},
	{event: "cancel", from: []string{StatusCreated, StatusInProgress}, to: StatusCancelled, automatic: true},
	{event: "fail", from: []string{StatusCreated, StatusInProgress}, to: StatusFailed, automatic: true},
}

// eventTo names the event that leads to a status ("" for an unknown status).
func eventTo(to string) string {
	for _, t := range machine {
		if t.to == to {
			return t.event
		}
	}
	return ""
}

// validStatus tells a known status.
func validStatus(s string) bool { return slices.Contains(Statuses, s) || s == "canceled" }

// normalStatus maps the client's spelling "canceled" to "cancelled".
func normalStatus(s string) string {
	if s == "canceled" {
		return StatusCancelled
	}
	return s
}

// finished statuses close a thread to writing (the closed-thread rules).
func finished(status string) bool {
	return status == StatusClosed || status == StatusFailed || status == StatusSkipped || status == StatusCancelled
}

// openStatus: the statuses of the inbox folder.
func openStatus(status string) bool { return status == StatusCreated || status == StatusInProgress }

// allowed reports whether a user (staff or not; system for the workflow
// engine) may move t from its status to `to`.
func allowed(t Thread, to string, staff, system bool) bool {
	for _, tr := range machine {
		if tr.to != to || !slices.Contains(tr.from, t.Status) {
			continue
		}
		if tr.automatic && !system {
			return false
		}
		if tr.staffOnly && !staff && !system {
			return false
		}
		if tr.skippable && !t.Skippable && !system {
			return false
		}
		return true
	}
	return false
}

// permitted lists the statuses a user may move t to, in the machine's order.
func permitted(t Thread, staff bool) []string {
	out := []string{}
	for _, s := range Statuses {
		if allowed(t, s, staff, false) {
			out = append(out, s)
		}
	}
	return out
}

// AutomaticStatuses are those only the workflow engine sets (the bulk picker omits them).
func AutomaticStatuses() []string {
	out := []string{}
	for _, tr := range machine {
		if tr.automatic {
			out = append(out, tr.to)
		}
	}
	return out
}
