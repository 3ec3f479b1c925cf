import { graphql } from '../../../gql';

export const PORTAL_COUNTRIES = graphql(`
  query PortalCountries {
    countries {
      id
      uuid
      name
      code
    }
  }
`);

export const CREATE_COUNTRY = graphql(`
  mutation CreateCountry($name: String!, $code: String!) {
    createCountry(name: $name, code: $code) {
      country {
        id
        uuid
        name
        code
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_COUNTRY = graphql(`
  mutation DeleteCountry($id: ID!) {
    deleteCountry(id: $id) {
      success
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const COUNTRY_HOLIDAY_FIELDS = graphql(`
  fragment CountryHolidayFields on CountryHoliday {
    id
    year
    holidays {
      date
      name
      localName
    }
  }
`);

export const COUNTRY_HOLIDAYS = graphql(`
  query CountryHolidays($countryId: ID!) {
    country(id: $countryId) {
      id
      name
      code
    }
    countryHolidays(countryId: $countryId) {
      ...CountryHolidayFields
    }
  }
`);

export const CREATE_COUNTRY_HOLIDAYS = graphql(`
  mutation CreateCountryHolidays($countryId: ID!, $year: String!, $holidays: [HolidayInput!]) {
    createCountryHolidays(countryId: $countryId, year: $year, holidays: $holidays) {
      countryHoliday {
        ...CountryHolidayFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_COUNTRY_HOLIDAYS = graphql(`
  mutation UpdateCountryHolidays($countryHolidayId: ID!, $holidays: [HolidayInput!]!) {
    updateCountryHolidays(countryHolidayId: $countryHolidayId, holidays: $holidays) {
      countryHoliday {
        ...CountryHolidayFields
      }
      errors {
        ...MutationErrorFields
      }
    }
  }
`);
