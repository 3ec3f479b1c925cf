package workflow

import (
	"context"

	"github.com/google/uuid"

	"portico/engine/apperr"
	"portico/engine/store"
	"portico/engine/workflow/graph"
)

// Coming up: the next due dates a company has with its provider, the tasks
// the future runs of its workflows will open, so that a customer sees what
// will be asked of them before the task is in the inbox. It is the workload
// forecast (TaskForecast: the code that starts the runs), in the categories
// the viewer sees in each company, nearest first.

// UpcomingDays is how far Coming up looks ahead, today included. The window
// bounds the work of one request: every run of every timed trigger in it is
// expanded, for all the viewer's companies when none is named.
const UpcomingDays = 90

// The number of tasks Coming up answers: UpcomingDefault unless the caller
// asks for another, from 1 to UpcomingMax.
const (
	UpcomingDefault = 10
	UpcomingMax     = 50
)

// KeyInvalidUpcomingLimit: Coming up's limit is outside 1..UpcomingMax.
const KeyInvalidUpcomingLimit = "invalid_upcoming_limit"

// Upcoming is the next tasks (at most limit, nil: UpcomingDefault) that the
// future runs in the viewer's companies, or in the ones named, will open over
// the next UpcomingDays days, in the categories the viewer sees there (a
// customer user: the ones they hold; a customer admin: the company's, but
// sensitive ones they do not hold), nearest first. Tasks in a category the
// company no longer uses are left out: the run fails there. A company the
// viewer is not in is RECORD_NOT_FOUND. For customers and staff alike.
func (s *Service) Upcoming(ctx context.Context, u store.User, companyIDs []uuid.UUID, limit *int) ([]ForecastTask, error) {
	n := UpcomingDefault
	if limit != nil {
		n = *limit
	}
	if n < 1 || n > UpcomingMax {
		return nil, apperr.Invalid("limit", KeyInvalidUpcomingLimit)
	}
	today := graph.DateOf(s.now())
	fc, err := s.TaskForecast(ctx, u, ForecastInput{DateFrom: today, DateTo: today.AddDays(UpcomingDays - 1),
		CompanyIDs: companyIDs, First: n, ActiveOnly: true})
	if err != nil {
		return nil, err
	}
	return fc.Tasks, nil
}
