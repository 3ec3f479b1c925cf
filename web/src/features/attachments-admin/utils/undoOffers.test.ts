import { beforeEach, describe, expect, it } from 'vitest';
import { dropOffer, openOffers, saveOffer, UNDO_WINDOW_MS } from './undoOffers';

describe('undo offers', () => {
  beforeEach(() => localStorage.clear());

  it('keeps an offer for its minute and per company', () => {
    saveOffer({ id: 'd1', companyId: 'acme', count: 2, until: 1000 + UNDO_WINDOW_MS }, 1000);
    saveOffer({ id: 'd2', companyId: 'borealis', count: 1, until: 2000 + UNDO_WINDOW_MS }, 2000);
    expect(openOffers('acme', 30_000).map((o) => o.id)).toEqual(['d1']);
    expect(openOffers('acme', 1000 + UNDO_WINDOW_MS)).toEqual([]);
    expect(openOffers('borealis', 1000 + UNDO_WINDOW_MS).map((o) => o.id)).toEqual(['d2']);
  });

  it('drops expired offers from storage and forgets dropped ones', () => {
    saveOffer({ id: 'old', companyId: 'acme', count: 1, until: 10 }, 0);
    saveOffer({ id: 'new', companyId: 'acme', count: 1, until: 100_000 }, 50);
    expect(localStorage.getItem('portico.attachments_undo')).not.toContain('old');
    dropOffer('new');
    expect(openOffers('acme', 60)).toEqual([]);
    expect(localStorage.getItem('portico.attachments_undo')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('portico.attachments_undo', '{not json');
    expect(openOffers('acme', 0)).toEqual([]);
    localStorage.setItem('portico.attachments_undo', JSON.stringify([{ id: 1 }, { id: 'ok', companyId: 'acme', count: 1, until: 5 }]));
    expect(openOffers('acme', 0).map((o) => o.id)).toEqual(['ok']);
  });
});
