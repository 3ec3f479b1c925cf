import { graphql } from '../../gql';

/**
 * What every mutation answer's `errors` carries (DESIGN: API contract). Mutations select
 * `errors { ...MutationErrorFields }` so a new field of MutationError reaches every form at once.
 */
export const MUTATION_ERROR_FIELDS = graphql(`
  fragment MutationErrorFields on MutationError {
    code
    message
    field
    entityType
  }
`);
