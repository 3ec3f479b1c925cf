package demo

import (
	"context"

	"portico/engine/store"
)

// SeedReaders adds n customer users to a company, each a reader of one of its
// categories (reader<i>@<company id>.test), for measuring what grows with a
// thread's readers. The planner's statistics are refreshed, as autovacuum
// would, so plans are those of a company that size.
func SeedReaders(ctx context.Context, st *store.Store, companyID, categoryID int64, n int) error {
	_, err := st.Pool.Exec(ctx, `
		WITH u AS (
			INSERT INTO users (email, name, user_type)
			SELECT 'reader' || i || '@' || $1::bigint || '.test', 'Reader ' || i, 'customer' FROM generate_series(1, $3::int) AS i
			RETURNING id),
		cu AS (
			INSERT INTO company_users (company_id, user_id) SELECT $1::bigint, id FROM u RETURNING company_id, id)
		INSERT INTO company_user_categories (company_id, company_user_id, category_id) SELECT company_id, id, $2::bigint FROM cu`,
		companyID, categoryID, n)
	if err != nil {
		return err
	}
	_, err = st.Pool.Exec(ctx, "ANALYZE users, company_users, company_user_categories")
	return err
}
