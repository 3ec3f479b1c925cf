import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { BULK_STATUSES, BulkModal, type BulkModalProps } from './BulkModals';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['inbox', 'forms']);
});
afterEach(cleanup);

const props = (extra: Partial<BulkModalProps>): BulkModalProps => ({
  kind: 'status',
  count: 2,
  running: false,
  assignees: [],
  onSubmit: vi.fn(async () => true),
  onClose: vi.fn(),
  ...extra,
});

// The invalid-submit notice is a toast: the modal sits in the app's <App> as it does in the page.
const renderModal = (modal: BulkModalProps) => render(<App><BulkModal {...modal} /></App>);

/** Opens a modal whose Apply waits for a choice: Apply is disabled at first. */
async function openWaiting(kind: BulkModalProps['kind']) {
  const onSubmit = vi.fn(async () => true);
  renderModal(props({ kind, onSubmit }));
  const apply = (await screen.findByRole('button', { name: 'Apply' })) as HTMLButtonElement;
  expect(apply.disabled).toBe(true);
  return { onSubmit, apply };
}

describe('bulk modals', () => {
  it('offer no automatic status', () => {
    expect(BULK_STATUSES).not.toContain('cancelled');
    expect(BULK_STATUSES).not.toContain('failed');
  });

  it('keep Apply disabled until a due date is chosen, then send a date after now', async () => {
    const { onSubmit, apply } = await openWaiting('due_date');
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const change = (onSubmit.mock.calls[0] as unknown as [{ kind: string; dueDate: string }])[0];
    expect(change.kind).toBe('due_date');
    expect(Date.parse(change.dueDate)).toBeGreaterThan(Date.now());
  }, 30_000);

  it('send medium priority by default', async () => {
    const onSubmit = vi.fn(async () => true);
    renderModal(props({ kind: 'priority', onSubmit }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'priority', priority: 'medium' }));
  });

  it('assign to nobody when no assignee is picked', async () => {
    const onSubmit = vi.fn(async () => true);
    renderModal(props({ kind: 'assign', onSubmit, assignees: [{ value: 'u1', label: 'Alex' }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'assign', userId: null }));
  });

  it('keep Apply disabled without a status, then send the chosen one', async () => {
    const { onSubmit, apply } = await openWaiting('status');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Completed'));
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'status', status: 'closed' }));
  });

  it('refuse a due date earlier today with the rule message and the invalid-submit notice, sending nothing', async () => {
    const { onSubmit, apply } = await openWaiting('due_date');
    const input = screen.getByLabelText('Due date') as HTMLInputElement;
    // midnight today is never after now; the picker (antd's own format here) takes a typed value on Enter
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: `${dayjs().format('YYYY-MM-DD')} 00:00:00` } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    expect(await screen.findByText('The selected date cannot be in the past')).toBeTruthy();
    expect(await screen.findByText('Some fields contain errors. Correct the errors and try again')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);
});
