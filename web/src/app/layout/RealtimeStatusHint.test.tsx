import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeHub } from '../../shared/realtime/realtimeHub';
import { RealtimeHubProvider } from '../../shared/realtime/RealtimeProvider';
import { initI18n } from '../i18n/i18n';
import { RealtimeStatusHint } from './RealtimeStatusHint';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(cleanup);

describe('RealtimeStatusHint', () => {
  it('says "Reconnecting" only while a lost connection is retried', async () => {
    const hub = createRealtimeHub();
    render(
      <RealtimeHubProvider hub={hub}>
        <RealtimeStatusHint />
      </RealtimeHubProvider>,
    );
    act(() => hub.setStatus('open'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => hub.setStatus('waiting'));
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    act(() => hub.setStatus('open'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
