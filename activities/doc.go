// Package activities holds Portico's Temporal activities: the side effects of
// the workflows in temporal/, each calling engine/ and safe to retry.
//
// It may import the engine's services and the run contract (engine/...) and temporal/ for
// the activities' stable names; never api/, and never engine/store: the services reach the database.
package activities
