import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { ACCOUNTING, PAYROLL, agent } from '../../../test/fixtures';
import { DEFAULT_FILTERS, type InboxFilterState } from './filterState';
import { FiltersPopover } from './FiltersPopover';
import { FILTER_PARTICIPANTS } from './graphql/filterParticipants';
import { FILTER_WORKFLOWS } from './graphql/filterWorkflows';

const platform = vi.hoisted(() => ({ current: 'desktop' as 'desktop' | 'mobile' }));
vi.mock('../../../shared/platform', () => ({
  usePlatform: () => ({ platform: platform.current, askSwitch: false, select: () => {} }),
}));
vi.mock('../../../app/session/SessionProvider', () => ({ useInit: () => agent() }));

const ME = 'agent-1';

const workflowRow = (n: number, name = `Workflow ${String(n).padStart(2, '0')}`) => ({
  __typename: 'CompanyWorkflow' as const,
  uuid: `cw${n}`,
  workflow: { __typename: 'Workflow' as const, uuid: `w${n}`, name },
});

const workflows = (search: string | null, page: number, rows: ReturnType<typeof workflowRow>[], totalCount: number): MockedResponse => ({
  request: {
    query: FILTER_WORKFLOWS,
    variables: { companyIds: ['acme'], categoryIds: null, search, page, limit: 30 },
  },
  result: { data: { companyWorkflows: { __typename: 'CompanyWorkflowCollection' as const, collection: rows, totalCount } } },
});

const participants = (categoryId: string, people: { uuid: string; name: string }[]): MockedResponse => ({
  request: { query: FILTER_PARTICIPANTS, variables: { companyId: 'acme', categoryId, search: null, limit: 50 } },
  result: {
    data: {
      users: {
        __typename: 'UserCollection' as const,
        collection: people.map((p) => ({ __typename: 'User' as const, ...p })),
      },
    },
  },
});

const FIRST_PAGE = [workflowRow(1, 'Month-end closing'), ...Array.from({ length: 29 }, (_, i) => workflowRow(i + 2))];

const baseMocks = (): MockedResponse[] => [
  workflows(null, 1, FIRST_PAGE, 31),
  workflows(null, 2, [workflowRow(31, 'Year-end closing')], 31),
  workflows('pay', 1, [workflowRow(40, 'Payroll run')], 1),
  participants(ACCOUNTING.id, [{ uuid: 'u-carl', name: 'Carl Acme' }]),
  participants(PAYROLL.id, [{ uuid: 'u-anna', name: 'Anna Acme' }]),
];

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('inbox');
});

afterEach(() => {
  cleanup();
  platform.current = 'desktop';
});

function setup(filters: InboxFilterState = DEFAULT_FILTERS, mocks = baseMocks()) {
  const onApply = vi.fn<(f: InboxFilterState) => void>();
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/acme']}>
        <Routes>
          <Route
            path="/:selected_company_id?"
            element={
              <FiltersPopover
                filters={filters}
                staff
                meId={ME}
                companies={[]}
                people={[{ value: 'u-alex', label: 'Alex Agent' }]}
                onApply={onApply}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
  return { onApply };
}

const WAIT = { timeout: 10_000 };

/** Opens an antd Select by its input's id (once the form's chunk is in) and returns its listbox's popup. */
async function openSelect(id: string): Promise<HTMLElement> {
  const input = await waitFor(() => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`no select #${id}`);
    return found;
  }, WAIT);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  return waitFor(() => {
    const popup = document.getElementById(`${id}_list`)?.closest('.ant-select-dropdown');
    if (!(popup instanceof HTMLElement)) throw new Error('no popup yet');
    return popup;
  }, WAIT);
}

const option = (popup: HTMLElement, name: string) =>
  waitFor(() => {
    const found = within(popup).getAllByText(name).find((el) => el.closest('.ant-select-item-option'));
    if (!found) throw new Error(`no option ${name}`);
    return found;
  }, WAIT);

describe('FiltersPopover', { timeout: 30_000 }, () => {
  it('filters by a workflow picked from the server list', async () => {
    const { onApply } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const popup = await openSelect('inbox-filter-workflow');
    fireEvent.click(await option(popup, 'Month-end closing'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ...DEFAULT_FILTERS, workflowIds: ['w1'] });
  });

  it('searches workflows on the server after typing stops', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const popup = await openSelect('inbox-filter-workflow');
    await option(popup, 'Month-end closing');
    const input = document.getElementById('inbox-filter-workflow') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'pay' } });
    expect(await option(popup, 'Payroll run')).toBeTruthy();
    expect(within(popup).queryByText('Month-end closing')).toBeNull();
  });

  it('loads the next page of workflows at the end of the list', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const popup = await openSelect('inbox-filter-workflow');
    await option(popup, 'Month-end closing');
    expect(within(popup).queryByText('Year-end closing')).toBeNull();
    const holder = popup.querySelector('.ant-select-dropdown-list-holder');
    if (!holder) throw new Error('no list holder');
    fireEvent.scroll(holder, { target: { scrollTop: 10_000 } });
    expect(await option(popup, 'Year-end closing')).toBeTruthy();
  });

  it('filters by participants: me, people who may take part, people in the loaded threads', async () => {
    const { onApply } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const popup = await openSelect('inbox-filter-participants');
    expect(await option(popup, 'Me')).toBeTruthy();
    expect(await option(popup, 'Alex Agent')).toBeTruthy();
    expect(await option(popup, 'Anna Acme')).toBeTruthy();
    fireEvent.click(await option(popup, 'Carl Acme'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ...DEFAULT_FILTERS, participantIds: ['u-carl'] });
  });

  it('on mobile opens full screen; Cancel drops the changes', async () => {
    platform.current = 'mobile';
    const { onApply } = setup({ ...DEFAULT_FILTERS, priority: ['high'] });
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 active' }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(within(dialog).getByText('Filter threads')).toBeTruthy();
    const modal = dialog.closest('.ant-modal') ?? dialog.querySelector('.ant-modal');
    expect((modal as HTMLElement | null)?.style.width).toBe('100%');
    const low = within(dialog).getByRole('checkbox', { name: 'Low priority' });
    fireEvent.click(low);
    expect((low as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 active' }));
    const again = await screen.findByRole('dialog', undefined, WAIT);
    await waitFor(() => expect((within(again).getByRole('checkbox', { name: 'Low priority' }) as HTMLInputElement).checked).toBe(false));
    expect((within(again).getByRole('checkbox', { name: 'High priority' }) as HTMLInputElement).checked).toBe(true);
  });

  it('on mobile Reset all and Apply apply the defaults', async () => {
    platform.current = 'mobile';
    const { onApply } = setup({ ...DEFAULT_FILTERS, query: 'tax', priority: ['high'], workflowIds: ['w1'], flags: ['urgent'] });
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 3 active' }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset all' }));
    expect((within(dialog).getByRole('checkbox', { name: 'High priority' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ...DEFAULT_FILTERS, query: 'tax' });
  });
});
