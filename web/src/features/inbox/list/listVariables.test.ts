import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../task-list';
import { listVariables, searchVariables, statsVariables } from './listVariables';
import { testView as view } from './testView';

describe('the list query', () => {
  it('asks for the open statuses in the inbox folder, 10 at a time', () => {
    const vars = listVariables(view());
    expect(vars).toMatchObject({ companyId: 'acme', limit: 10, filters: { status: ['created', 'in_progress'] } });
    expect(vars).not.toHaveProperty('closed');
  });

  it('narrows the inbox folder by the status filter, and shows nothing for Completed', () => {
    expect(listVariables(view({ filters: { ...DEFAULT_FILTERS, statuses: ['in_progress', 'completed'] } }))?.filters?.status).toEqual([
      'in_progress',
    ]);
    expect(listVariables(view({ filters: { ...DEFAULT_FILTERS, statuses: ['completed'] } }))).toBeNull();
  });

  it('sets the folder flag and the tab', () => {
    expect(listVariables(view({ folder: 'closed', tab: 'assigned_to_me' }))).toMatchObject({ closed: true, assignedMe: true });
    expect(listVariables(view({ folder: 'bin' }))).toMatchObject({ hidden: true });
    expect(listVariables(view({ folder: 'unread', tab: 'todo' }))).toMatchObject({ unread: true, todo: true });
    expect(listVariables(view({ tab: 'my_customers', companyId: null }))).toMatchObject({ meCustomers: true, companyId: null });
  });

  it('leaves search results to searchInboxTasks', () => {
    const search = view({
      folder: 'search',
      filters: {
        ...DEFAULT_FILTERS,
        query: ' tax ',
        senderIds: ['anyone', 'u1'],
        responsibleIds: ['nobody'],
        participantIds: ['u2', 'u3'],
        flags: ['withAttachments'],
      },
    });
    expect(listVariables(search)).toBeNull();
    expect(searchVariables(search)).toMatchObject({
      companyId: 'acme',
      page: 1,
      limit: 10,
      query: 'tax',
      attachments: true,
      participants: ['u2', 'u3'],
      senders: ['u1'],
      responsible: null,
    });
    expect(searchVariables(view({ folder: 'search', filters: { ...DEFAULT_FILTERS, query: 'tax' } }))).toMatchObject({
      participants: null,
    });
    expect(searchVariables(view())).toBeNull();
    expect(statsVariables(search)).toMatchObject({ companyId: 'acme', types: ['inbox_task'] });
  });

  it('passes the header categories', () => {
    expect(listVariables(view({ categoryIds: ['2'] }))?.filters?.categoryIds).toEqual(['2']);
  });
});
