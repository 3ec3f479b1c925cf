import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRealtimeHub } from '../../shared/realtime/realtimeHub';
import { RealtimeHubProvider } from '../../shared/realtime/RealtimeProvider';
import { ACME, customer } from '../../test/fixtures';
import { initI18n } from '../i18n/i18n';
import type { CompanyScopeValue } from '../layout/useCompanyScope';
import { DISMISS_SYSTEM_BANNER } from './graphql/dismissSystemBanner';
import { SYSTEM_BANNERS } from './graphql/systemBanners';
import { SystemBanners } from './SystemBanners';

vi.mock('../session/SessionProvider', () => ({ useInit: () => customer() }));

const banner = (id: string, description: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'SystemBanner' as const,
  id,
  uuid: id,
  bannerGroup: 'global',
  bannerType: 'info',
  description,
  dismissible: true,
  userTypes: ['customer'],
  companyId: null,
  ...extra,
});

const scope: CompanyScopeValue = {
  companyId: 'acme',
  group: false,
  company: ACME,
  companyGroup: undefined,
  allCompanies: false,
};

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

function setup(dismissResult = vi.fn(() => ({ data: { dismissSystemBanner: { __typename: 'DismissSystemBannerPayload' as const, success: true, errors: [] } } }))) {
  const mocks: MockedResponse[] = [
    {
      request: { query: SYSTEM_BANNERS, variables: { companyId: 'acme' } },
      result: { data: { systemBanners: [banner('b1', '<p>Server <strong>upgrade</strong> on Friday</p>', { dismissible: false })] } },
    },
    { request: { query: DISMISS_SYSTEM_BANNER, variables: { id: 'b2' } }, result: dismissResult },
  ];
  const hub = createRealtimeHub();
  render(
    <MockedProvider mocks={mocks}>
      <RealtimeHubProvider hub={hub}>
        <SystemBanners scope={scope} />
      </RealtimeHubProvider>
    </MockedProvider>,
  );
  const emit = (key: string, data: Record<string, unknown>) => act(() => hub.emit({ key, data, channel: 'users:activities#u' }));
  return { emit, dismissResult };
}

const WAIT = { timeout: 10_000 };

describe('SystemBanners', { timeout: 30_000 }, () => {
  it('shows the banners of the scope with their rich text', async () => {
    setup();
    const shown = await screen.findByText('upgrade', undefined, WAIT);
    expect(shown.tagName).toBe('STRONG');
    expect(screen.queryByRole('button', { name: 'Dismiss banner' })).toBeNull();
  });

  it('adds, updates and removes banners as the realtime events say', async () => {
    const { emit } = setup();
    await screen.findByText('upgrade', undefined, WAIT);
    emit('system_banner.create', banner('b2', 'New notice'));
    expect(await screen.findByText('New notice')).toBeTruthy();
    emit('system_banner.update', banner('b2', 'Changed notice', { bannerType: 'warning' }));
    expect(await screen.findByText('Changed notice')).toBeTruthy();
    expect(screen.queryByText('New notice')).toBeNull();
    emit('system_banner.create', banner('b3', 'For Borealis', { bannerGroup: 'company', companyId: 'borealis' }));
    emit('system_banner.destroy', { uuid: 'b1', id: 'b1' });
    await waitFor(() => expect(screen.queryByText('upgrade')).toBeNull());
    expect(screen.queryByText('For Borealis')).toBeNull();
    expect(screen.getAllByTestId('system-banner')).toHaveLength(1);
  });

  it('dismisses a dismissible banner for good', async () => {
    const { emit, dismissResult } = setup();
    await screen.findByText('upgrade', undefined, WAIT);
    emit('system_banner.create', banner('b2', 'Dismiss me'));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss banner' }));
    await waitFor(() => expect(screen.queryByText('Dismiss me')).toBeNull());
    await waitFor(() => expect(dismissResult).toHaveBeenCalledTimes(1));
    // An update of a dismissed banner does not bring it back.
    emit('system_banner.update', banner('b2', 'Dismiss me again'));
    emit('system_banner.create', banner('b4', 'Still live'));
    expect(await screen.findByText('Still live')).toBeTruthy();
    expect(screen.queryByText('Dismiss me again')).toBeNull();
  });
});
