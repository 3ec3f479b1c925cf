import { graphql } from '../../../gql';

/** One of the viewer's rules in a company (what the thread's and the bulk actions offer follows them). */
export const RULE_FIELDS = graphql(`
  fragment RuleFields on Rule {
    action
    subject
    fields
    conditions
    inverted
  }
`);
