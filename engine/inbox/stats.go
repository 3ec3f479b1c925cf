package inbox

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"portico/engine/access"
	"portico/engine/org"
	"portico/engine/store"
)

// StatsParams is an inboxStats request.
type StatsParams struct {
	CompanyID   *uuid.UUID
	Group       bool
	CategoryIDs []int64
	Types       []string
}

// InboxStats is inboxStats: the folder counters over what the viewer sees,
// read from the counter tables (never by counting threads).
func (s *Service) InboxStats(ctx context.Context, req org.Request, p StatsParams) (Stats, error) {
	r, err := s.resolve(ctx, req, Selection{CompanyID: p.CompanyID, Group: p.Group, Folder: FolderInbox,
		Filters: Filters{CategoryIDs: p.CategoryIDs, Types: p.Types}})
	if err != nil || len(r.companyIDs) == 0 {
		return Stats{}, err
	}
	return s.stats(ctx, req, r)
}

// stats sums the counters over the resolved scope. The bin counts only where
// the viewer may read hidden threads.
func (s *Service) stats(ctx context.Context, req org.Request, r *resolved) (Stats, error) {
	var st Stats
	rows, err := s.plan.ThreadCounterStats(ctx, store.ThreadCounterStatsParams{CompanyIds: r.companyIDs, Scope: r.scope(), CategoryIds: r.categories,
		TaskTypes: r.types, UserID: req.User.ID})
	if err != nil {
		return st, err
	}
	r.counts = map[string]int64{}
	for _, row := range rows {
		if row.Status == "unread" {
			st.UnreadCount = row.Count
			continue
		}
		if row.Hidden {
			st.DeletedCount += row.Count
			continue
		}
		r.counts[row.Status] += row.Count
		switch row.Status {
		case StatusCreated:
			st.NewCount += row.Count
			st.TotalCount += row.Count
		case StatusInProgress:
			st.InProgressCount += row.Count
			st.TotalCount += row.Count
		case StatusClosed:
			st.ClosedCount += row.Count
		}
	}
	if !r.hidden {
		// the scope was resolved for visible (not hidden) threads: the bin
		// counter is only for those who may read it
		if !s.canReadBin(r) {
			st.DeletedCount = 0
		}
	}
	return st, nil
}

// canReadBin tells whether the viewer may restore in some company: each set
// of rules is asked once (an agent of 1000 companies has a few).
func (s *Service) canReadBin(r *resolved) bool {
	var asked []access.Abilities
	for _, sc := range r.scopes {
		if slices.ContainsFunc(asked, sc.Abilities.SameRules) {
			continue
		}
		if sc.Abilities.Can("restore", "Inbox::Task") {
			return true
		}
		asked = append(asked, sc.Abilities)
	}
	return false
}
