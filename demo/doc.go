// Package demo seeds the demo data of DESIGN.md that tests, demos and reviews
// rely on. Seeding is idempotent: a second run adds nothing.
//
// It may import the engine's services and engine/store: it is the one package outside
// engine/ allowed to call the store's queries, to write the demo's own rows. It never imports
// api/ or temporal/.
package demo
