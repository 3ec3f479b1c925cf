package org

import "portico/engine/store"

// The records the edges map, under the engine's names: outside engine/ no
// package imports the store.
type (
	User     = store.User
	Company  = store.Company
	Category = store.Category
	Country  = store.Country
	// DynamicField is a field of a company or user record that workflows read.
	DynamicField = store.DynamicField
)
