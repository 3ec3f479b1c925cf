import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, readNewThreadDraft, writeDraft, writeNewThreadDraft } from './drafts';

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

describe('new-thread drafts', () => {
  const draft = { companyId: 'acme', categoryId: '1', title: 'VAT', description: '', urgent: true };

  it('keeps one per user and company', () => {
    writeNewThreadDraft('u1', 'acme', draft);
    expect(readNewThreadDraft('u1', 'acme')).toEqual(draft);
    expect(readNewThreadDraft('u1', 'borealis')).toBeNull();
    expect(readNewThreadDraft('u2', 'acme')).toBeNull();
    expect(readNewThreadDraft('u1', null)).toBeNull();
  });

  it('forgets one with no subject or message, or once sent', () => {
    writeNewThreadDraft('u1', null, draft);
    writeNewThreadDraft('u1', null, { ...draft, title: ' ', description: '' });
    expect(window.sessionStorage.length).toBe(0);
    writeNewThreadDraft('u1', null, draft);
    writeNewThreadDraft('u1', null, null);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('reads a damaged entry field by field', () => {
    window.sessionStorage.setItem('portico.draft.new.u1.*', '{"companyId":4,"title":"T","urgent":"yes"}');
    expect(readNewThreadDraft('u1', null)).toEqual({ companyId: undefined, categoryId: undefined, title: 'T', description: '', urgent: false });
    window.sessionStorage.setItem('portico.draft.new.u1.*', '"text"');
    expect(readNewThreadDraft('u1', null)).toBeNull();
  });
});
