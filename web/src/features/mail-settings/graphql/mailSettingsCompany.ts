import { graphql } from '../../../gql';

/** The company whose e-mail settings a page shows (its name for the breadcrumb). */
export const MAIL_SETTINGS_COMPANY = graphql(`
  query MailSettingsCompany($id: ID!) {
    company(id: $id) {
      uuid
      name
    }
  }
`);
