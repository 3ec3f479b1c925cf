import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { Folder } from '../../task-list';
import { FolderTabs } from './FolderTabs';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('inbox');
});
afterEach(cleanup);

const stats = { totalCount: 12, unreadCount: 2, newCount: 5, inProgressCount: 7, closedCount: 30, deletedCount: 1 };
const ADMIN: Folder[] = ['inbox', 'unread', 'new', 'inProgress', 'closed', 'bin'];

describe('FolderTabs on the mobile inbox', { timeout: 30_000 }, () => {
  it('shows the first 4 folders and the rest under More when there are over 5', async () => {
    const onChange = vi.fn();
    render(<FolderTabs mobile folders={ADMIN} active="inbox" stats={stats} searchCount={null} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Folders' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Inbox 12',
      'Unread 2',
      'Not started 5',
      'In progress 7',
      'More',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByText('Bin'));
    expect(onChange).toHaveBeenCalledWith('bin');
  });

  it('shows 5 folders without More, and names the open folder on More when it is hidden there', () => {
    const { rerender } = render(
      <FolderTabs mobile folders={ADMIN.slice(0, 5)} active="inbox" stats={stats} searchCount={null} onChange={vi.fn()} />,
    );
    expect(within(screen.getByRole('navigation', { name: 'Folders' })).getAllByRole('button')).toHaveLength(5);
    expect(screen.queryByTestId('folder-more')).toBeNull();
    rerender(<FolderTabs mobile folders={ADMIN} active="closed" stats={stats} searchCount={null} onChange={vi.fn()} />);
    expect(screen.getByTestId('folder-more').textContent?.trim()).toBe('More: Completed');
  });
});
