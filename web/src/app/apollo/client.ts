import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type TypePolicies, type TypePolicy } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { reportServerErrors, reportUnexpectedError } from '../errors/reportErrors';
import { normalizeCode } from '../errors/serverErrors';
import { redirectUriOf } from '../session/initApi';
import { browser, leaveForLogin } from '../session/leave';

export const GRAPHQL_URI = '/graphql/';

/**
 * Per-operation context flags. An operation that handles its own failures (a badge
 * counter, a poll) passes { silentErrors: true } so the shell shows no toast for it.
 */
export interface PorticoOperationContext {
  readonly silentErrors?: boolean;
}

const statusOf = (error: unknown): number | null =>
  ServerError.is(error) || ServerParseError.is(error) ? error.statusCode : null;

const isUnauthenticated = (error: unknown): boolean => {
  if (statusOf(error) === 401) return true;
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED')
  );
};

// One handler for every operation: 401 leaves for the login page silently, catalogue
// errors become toasts with translated texts, anything else the generic toast.
const errorLink = new ErrorLink(({ error, operation }) => {
  if (isUnauthenticated(error)) {
    leaveForLogin('no_access');
    return;
  }
  const redirectUri = ServerError.is(error) ? redirectUriOf(error.bodyText) : null;
  if (redirectUri) {
    browser.assign(redirectUri);
    return;
  }
  // FORBIDDEN_DOMAIN goes to the right host when the server names it; otherwise
  // reportServerErrors opens the domain-changed modal (spec 000 §7).
  if (CombinedGraphQLErrors.is(error)) {
    const moved = error.errors
      .filter((e) => normalizeCode(typeof e.extensions?.['code'] === 'string' ? e.extensions['code'] : null) === 'FORBIDDEN_DOMAIN')
      .map((e) => e.extensions?.['redirectTo'] ?? e.extensions?.['redirect_uri'])
      .find((uri): uri is string => typeof uri === 'string' && /^https?:\/\//i.test(uri));
    if (moved) {
      browser.assign(moved);
      return;
    }
  }
  const context = operation.getContext() as PorticoOperationContext;
  if (context.silentErrors) return;
  if (CombinedGraphQLErrors.is(error)) {
    reportServerErrors(
      error.errors.map((e) => ({
        code: typeof e.extensions?.['code'] === 'string' ? e.extensions['code'] : null,
        message: e.message,
        field: typeof e.extensions?.['field'] === 'string' ? e.extensions['field'] : null,
        entityType: typeof e.extensions?.['entityType'] === 'string' ? e.extensions['entityType'] : null,
      })),
    );
    return;
  }
  reportUnexpectedError();
});

const httpLink = new HttpLink({ uri: GRAPHQL_URI, credentials: 'include' });

type KeyFieldsFunction = Extract<NonNullable<TypePolicy['keyFields']>, (...args: never[]) => unknown>;

/**
 * An object with a uuid is one record wherever it appears; one without (a masked provider
 * user has none) stays inside the answer that holds it.
 */
const byUuid: KeyFieldsFunction = (object) => (typeof object['uuid'] === 'string' && object['uuid'] !== '' ? ['uuid'] : false);

/**
 * A user is one record, except in a viewers list: its activityReadedAt belongs to the
 * activity the list is about (users(activityId)), so that row stays inside its list.
 */
const userKey: KeyFieldsFunction = (object, context) =>
  object['activityReadedAt'] !== undefined ? false : byUuid(object, context);

/**
 * The server's types keyed by uuid (api/graph/schema/*.graphqls) are normalised, so that a
 * change answered by a mutation or a refreshed thread (status, priority, due date, assignee,
 * read state, an edited message, a reaction) shows at once wherever the record is shown:
 * the pane, the inbox list, the search results, the tasks table. Types with an `id`
 * (Category, Country, SystemBanner, ...) are normalised by Apollo's default.
 *
 * Not normalised: WorkflowInstance (its steps are filled by workflowInstance and empty in
 * lists, so a list answer would wipe them), InboxReplyable (a quote as it was), and types
 * without a key (stats, reactions, payloads).
 */
export const typePolicies: TypePolicies = {
  InboxTask: { keyFields: byUuid },
  InboxCompany: { keyFields: byUuid },
  InboxUser: { keyFields: byUuid },
  InboxActivity: { keyFields: byUuid },
  InboxMessage: { keyFields: byUuid },
  InboxAttachment: { keyFields: byUuid },
  User: { keyFields: userKey },
  Company: { keyFields: byUuid },
  // a membership: a change answered on its user shows in the company-users list at once
  CompanyUser: { keyFields: byUuid },
  FileCompany: { keyFields: byUuid },
  FileUser: { keyFields: byUuid },
  Folder: { keyFields: byUuid },
  FileFolder: { keyFields: byUuid },
  CompanyFile: { keyFields: byUuid },
  FileActivity: { keyFields: byUuid },
  Workflow: { keyFields: byUuid },
  CompanyWorkflow: { keyFields: byUuid },
  WorkflowTrigger: { keyFields: byUuid },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([errorLink, httpLink]),
    cache: createCache(),
  });
}
