import { graphql } from '../../../gql';

export const ANALYTICS_FRAME = graphql(`
  query AnalyticsFrame($companyId: ID!) {
    analyticsFrame(companyId: $companyId) {
      url
      token
      expiresAt
    }
  }
`);
