import { describe, expect, it } from 'vitest';
import { externalActionsOf } from './externalActions';
import { frameSource, isFullscreenRequest } from './frameMessages';
import { appendPage } from './paging';
import { visibleRange } from './windowing';

describe('frameSource', () => {
  it('adds the token as a query parameter, before any fragment', () => {
    expect(frameSource('/apps/netvisor?action=close_period', 'a.b')).toBe('/apps/netvisor?action=close_period&token=a.b');
    expect(frameSource('https://app.test/x#top', 't+1')).toBe('https://app.test/x?token=t%2B1#top');
  });
});

describe('isFullscreenRequest', () => {
  it('accepts the fullscreen message as text or typed object', () => {
    expect(isFullscreenRequest('fullscreen')).toBe(true);
    expect(isFullscreenRequest({ type: 'toggleFullscreen' })).toBe(true);
    expect(isFullscreenRequest({ type: 'resize' })).toBe(false);
    expect(isFullscreenRequest(null)).toBe(false);
  });
});

describe('externalActionsOf', () => {
  it('keeps the well-formed actions only', () => {
    expect(
      externalActionsOf([
        { id: 'netvisor', actionKey: 'close_period', label: 'Close the period' },
        { id: 'netvisor', actionKey: 'open' },
        { id: '', actionKey: 'x' },
        'junk',
      ]),
    ).toEqual([
      { id: 'netvisor', actionKey: 'close_period', label: 'Close the period' },
      { id: 'netvisor', actionKey: 'open', label: 'open' },
    ]);
    expect(externalActionsOf(null)).toEqual([]);
  });
});

describe('visibleRange', () => {
  it('mounts the rows in view and a few around them', () => {
    expect(visibleRange(1000, 48, 4800, 480, 5)).toEqual({ start: 95, end: 116 });
    expect(visibleRange(10, 48, 0, 480, 5)).toEqual({ start: 0, end: 10 });
    expect(visibleRange(0, 48, 0, 480)).toEqual({ start: 0, end: 0 });
  });
});

describe('appendPage', () => {
  it('adds the next page without repeating a row already loaded', () => {
    const a = { uuid: 'a' };
    const b = { uuid: 'b' };
    const c = { uuid: 'c' };
    expect(appendPage([a, b], [b, c])).toEqual([a, b, c]);
  });
});
