import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
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

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([errorLink, httpLink]),
    cache: new InMemoryCache(),
  });
}
