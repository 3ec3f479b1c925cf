package graph

import (
	"errors"

	"portico/api/graph/model"
	"portico/engine/calendarfeed"
)

// calendarFeeds keeps the users' calendar feeds.
func (r *Resolver) calendarFeeds() (*calendarfeed.Service, error) {
	if r.svc.CalendarFeeds == nil {
		return nil, errors.New("graph: calendar feeds not configured")
	}
	return r.svc.CalendarFeeds, nil
}

func calendarFeed(f calendarfeed.Feed) *model.CalendarFeed {
	m := &model.CalendarFeed{AssignedOnly: f.AssignedOnly, CreatedAt: f.CreatedAt}
	if f.URL != "" {
		m.URL = &f.URL
	}
	return m
}

func calendarFeedPayload(f calendarfeed.Feed, errs []*model.MutationError) *model.CalendarFeedPayload {
	p := &model.CalendarFeedPayload{Errors: errs}
	if len(errs) == 0 {
		p.CalendarFeed = calendarFeed(f)
	}
	return p
}
