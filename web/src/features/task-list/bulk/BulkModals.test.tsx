import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { BULK_STATUSES, BulkModal, type BulkModalProps } from './BulkModals';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('inbox');
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

describe('bulk modals', () => {
  it('offer no automatic status', () => {
    expect(BULK_STATUSES).not.toContain('cancelled');
    expect(BULK_STATUSES).not.toContain('failed');
  });

  it('keep Apply disabled until a due date is chosen, then send a date after now', async () => {
    const onSubmit = vi.fn(async () => true);
    render(<BulkModal {...props({ kind: 'due_date', onSubmit })} />);
    const apply = (await screen.findByRole('button', { name: 'Apply' })) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
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
    render(<BulkModal {...props({ kind: 'priority', onSubmit })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'priority', priority: 'medium' }));
  });

  it('assign to nobody when no assignee is picked', async () => {
    const onSubmit = vi.fn(async () => true);
    render(<BulkModal {...props({ kind: 'assign', onSubmit, assignees: [{ value: 'u1', label: 'Alex' }] })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ kind: 'assign', userId: null }));
  });

  it('keep Apply disabled without a status', async () => {
    render(<BulkModal {...props({ kind: 'status' })} />);
    expect(((await screen.findByRole('button', { name: 'Apply' })) as HTMLButtonElement).disabled).toBe(true);
  });
});
