import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { MemoryRouter } from 'react-router';
import type { ThreadActivity } from '../utils/types';
import { MessageBody } from './MessageBody';
import { Reactions } from './Reactions';
import { SystemLine } from './SystemLine';
import { ThreadFooterNotice } from './ThreadFooter';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('thread');
});
afterEach(cleanup);

describe('MessageBody', () => {
  it('cuts a long message at 600 characters with Show more and Show less', () => {
    const long = `<p>${'word '.repeat(200)}end-of-message</p>`;
    render(<MessageBody html={long} />);
    expect(screen.queryByText(/end-of-message/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(/end-of-message/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(/end-of-message/)).toBeNull();
  });

  it('shows a short message whole, without the button', () => {
    render(<MessageBody html="<p>Short <strong>note</strong></p>" />);
    expect(screen.getByText('note').tagName).toBe('STRONG');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Reactions', () => {
  it('shows counts and toggles the viewer’s own reaction', () => {
    const onToggle = vi.fn();
    render(
      <Reactions
        onToggle={onToggle}
        reactions={[{ emoji: '👍', emojiReactionCount: 2, reactedByMe: true, emojiReactedUsers: [{ uuid: 'u1', name: 'Anna' }] }]}
      />,
    );
    const button = screen.getByRole('button', { name: /👍 2/ });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith('👍');
  });
});

describe('ThreadFooterNotice', () => {
  it('tells staff how to reopen a closed thread and offers the copy', () => {
    const onCopy = vi.fn();
    render(
      <ThreadFooterNotice state="closed" canReopen canCopy canRestore={false} busy={false} onCopy={onCopy} onRestore={vi.fn()} />,
    );
    expect(screen.getByText('This thread is closed.')).toBeTruthy();
    expect(screen.getByText(/Reopen it by changing its status/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Copy to a new thread/ }));
    expect(onCopy).toHaveBeenCalled();
  });

  it('tells customers to start a new thread, and offers restore in the bin only to those who may', () => {
    const { rerender } = render(
      <ThreadFooterNotice state="closed" canReopen={false} canCopy={false} canRestore={false} busy={false} onCopy={vi.fn()} onRestore={vi.fn()} />,
    );
    expect(screen.getByText(/start a new thread/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ThreadFooterNotice state="hidden" canReopen={false} canCopy={false} canRestore busy={false} onCopy={vi.fn()} onRestore={vi.fn()} />);
    expect(screen.getByText('This thread has been deleted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Restore/ })).toBeTruthy();
  });
});

describe('SystemLine', () => {
  // A workflow's run starts its thread: no person, so the line names the workflow, as the list card does.
  const started = { uuid: 'a1', key: 'inbox_task.create', additionArgs: null, trackableUser: null, creator: null } as unknown as ThreadActivity;

  it('names the workflow that started a workflow thread', () => {
    render(
      <MemoryRouter>
        <SystemLine activity={started} companyId="acme" workflowName="Month-end close" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Month-end close started the thread')).toBeTruthy();
  });

  it('says someone when neither a person nor a workflow is known', () => {
    render(
      <MemoryRouter>
        <SystemLine activity={started} companyId="acme" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Someone started the thread')).toBeTruthy();
  });
});
