import { describe, expect, it } from 'vitest';
import { mentionCandidates, mentionsInText, shortenEmail, shouldSearchMentions } from './mentions';

describe('mentions', () => {
  it('searches from 4 typed characters', () => {
    expect(shouldSearchMentions('ann')).toBe(false);
    expect(shouldSearchMentions('anna')).toBe(true);
  });

  it('lists only active users not yet mentioned', () => {
    const users = [
      { uuid: '1', name: 'Anna Acme', active: true },
      { uuid: '2', name: 'Carl Acme', active: true },
      { uuid: '3', name: 'Gone User', active: false },
    ];
    expect(mentionCandidates(users, 'hi @Anna Acme ').map((u) => u.uuid)).toEqual(['2']);
  });

  it('keeps the chosen mentions that are still in the text, once', () => {
    const chosen = [
      { uuid: '1', name: 'Anna Acme' },
      { uuid: '1', name: 'Anna Acme' },
      { uuid: '2', name: 'Carl Acme' },
    ];
    expect(mentionsInText(chosen, 'hi @Anna Acme')).toEqual([{ uuid: '1', name: 'Anna Acme' }]);
  });

  it('shortens long e-mail addresses to 15 characters', () => {
    expect(shortenEmail('anna@acme.test')).toBe('anna@acme.test');
    expect(shortenEmail('someone.long@example.test')).toBe('someone.long@ex…');
  });
});
