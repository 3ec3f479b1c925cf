import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from './drafts';

afterEach(() => window.sessionStorage.clear());

describe('message drafts', () => {
  it('keeps a thread’s text and mentions apart from other threads', () => {
    writeDraft('t1', { text: 'Hello @Alex', mentions: [{ uuid: 'u1', name: 'Alex' }] });
    expect(readDraft('t1')).toEqual({ text: 'Hello @Alex', mentions: [{ uuid: 'u1', name: 'Alex' }] });
    expect(readDraft('t2')).toEqual({ text: '', mentions: [] });
  });

  it('forgets a draft emptied or sent', () => {
    writeDraft('t1', { text: 'x', mentions: [] });
    writeDraft('t1', { text: '  ', mentions: [] });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('reads a damaged entry as empty', () => {
    window.sessionStorage.setItem('portico.draft.t1', '{"text":3,"mentions":[{"uuid":1}]}');
    expect(readDraft('t1')).toEqual({ text: '', mentions: [] });
    window.sessionStorage.setItem('portico.draft.t1', 'not json');
    expect(readDraft('t1')).toEqual({ text: '', mentions: [] });
  });
});
