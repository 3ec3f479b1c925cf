package org

import (
	"context"

	"portico/engine/store"
)

// Countries lists every country by name. Countries are public reference data:
// any signed-in user may read them.
func (d *Directory) Countries(ctx context.Context) ([]store.Country, error) {
	return d.st.CountryList(ctx)
}
