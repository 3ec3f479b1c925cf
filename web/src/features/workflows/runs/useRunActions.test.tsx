import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, Button } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { dialogWith } from '../../../test/dialogs';
import { RETRY_WORKFLOW_INSTANCE } from './graphql';
import { useRunActions } from './useRunActions';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['workflowRuns']);
});
afterEach(cleanup);

function Retry() {
  const { retry } = useRunActions();
  return <Button onClick={() => retry('run-1', 'Payroll run')}>retry</Button>;
}

/** Renders the retry action; answers how many retries reached the server. */
function renderRetry(): () => number {
  let sent = 0;
  const counting = new ApolloLink((operation, forward) => {
    if (operation.operationName === 'RetryWorkflowInstance') sent++;
    return forward(operation);
  });
  const mock = new MockLink([
    {
      request: { query: RETRY_WORKFLOW_INSTANCE, variables: { workflowInstanceId: 'run-1' } },
      result: { data: { retryWorkflowInstance: { workflowInstance: { uuid: 'run-1', state: 'running' }, errors: [] } } },
    },
  ]);
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.from([counting, mock]) });
  render(
    <ApolloProvider client={client}>
      <App>
        <Retry />
      </App>
    </ApolloProvider>,
  );
  return () => sent;
}

const asked = (but: readonly HTMLElement[] = []) => dialogWith('Retry this run of Payroll run?', but);

describe('useRunActions retry (spec 002 §4)', () => {
  it('asks in a modal first, and retries the run once that is confirmed', async () => {
    const sent = renderRetry();
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    const dialog = await asked();
    expect(within(dialog).getByText('Its failed steps run again; the steps already done are kept.')).toBeTruthy();
    expect(sent()).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The run continues from its failed step')).toBeTruthy();
    expect(sent()).toBe(1);
  });

  it('sends nothing when the modal is dismissed', async () => {
    const sent = renderRetry();
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    const first = await asked();
    fireEvent.click(within(first).getByRole('button', { name: 'Not now' }));
    expect(sent()).toBe(0);
    // asked again and confirmed, the one retry is the only one the server gets
    fireEvent.click(screen.getByRole('button', { name: 'retry' }));
    const second = await asked([first]);
    fireEvent.click(within(second).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The run continues from its failed step')).toBeTruthy();
    expect(sent()).toBe(1);
  });
});
