import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** Whether a query failed because its record does not exist (or is not the viewer's to see). */
export function isNotFound(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => ['RECORD_NOT_FOUND', 'ACCESS_DENIED'].includes(String(e.extensions?.['code'] ?? '')))
  );
}
