import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { APPLICATION_IFRAME } from '../graphql/applicationIframe';
import { ApplicationFrame } from './ApplicationFrame';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks']);
});
afterEach(cleanup);

const action = { id: 'netvisor', actionKey: 'close_period', label: 'Close the period' };
const frame: MockedResponse = {
  request: {
    query: APPLICATION_IFRAME,
    variables: { actionKey: 'close_period', companyId: 'acme', id: 'netvisor', taskId: 'task-1' },
  },
  result: {
    data: { applicationIframe: { __typename: 'ApplicationIframe', url: '/apps/netvisor?action=close_period', token: 'tok' } },
  },
};

function renderFrame() {
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={[frame]}>
      <ApplicationFrame taskId="task-1" taskTitle="Close the books" companyId="acme" action={action} onClose={onClose} />
    </MockedProvider>,
  );
  return onClose;
}

const region = () => screen.getByRole('region', { name: 'Close the period: Close the books' });
const expanded = () => region().style.position === 'fixed';

describe('ApplicationFrame', { timeout: 30_000 }, () => {
  it('loads the application with its token, expands and closes', async () => {
    const onClose = renderFrame();
    const iframe = (await screen.findByTitle('Close the period: Close the books')) as HTMLIFrameElement;
    expect(iframe.getAttribute('src')).toBe('/apps/netvisor?action=close_period&token=tok');
    expect(expanded()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(expanded()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(expanded()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close the application' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('toggles full screen when the frame asks for it, and only then', async () => {
    renderFrame();
    const iframe = (await screen.findByTitle('Close the period: Close the books')) as HTMLIFrameElement;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'fullscreen', source: window }));
    });
    expect(expanded()).toBe(false);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'fullscreen' }, source: iframe.contentWindow }));
    });
    expect(expanded()).toBe(true);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'fullscreen', source: iframe.contentWindow }));
    });
    expect(expanded()).toBe(false);
  });
});
