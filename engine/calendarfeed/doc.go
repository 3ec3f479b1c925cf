// Package calendarfeed is each user's personal calendar feed: a secret address
// (only a hash of its token is kept) that calendar apps read without a session,
// listing the due dates of the tasks the user may see: the open ones, and the
// ones the workload forecast says future runs will open. Provider staff may
// keep it to their own tasks. The edge writes it as iCalendar.
//
// It imports engine/access, engine/apperr, engine/org, engine/store and engine/workflow
// (the forecast's planned tasks) with its graph model; no edge: api/ writes the iCalendar.
package calendarfeed
