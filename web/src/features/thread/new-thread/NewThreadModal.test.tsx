import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { InitCompany } from '../../../app/session/types';
import { ACME, BOREALIS, customer, user } from '../../../test/fixtures';
import { NewThreadModal } from './NewThreadModal';

const session = vi.hoisted(() => ({ userId: 'user-1' }));
vi.mock('../../../app/session/SessionProvider', () => ({ useInit: () => customer({ user: user({ uuid: session.userId }) }) }));

const createThread = vi.hoisted(() => vi.fn());
vi.mock('./hooks/useCreateThread', () => ({ useCreateThread: () => ({ createThread, creating: false }) }));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['inbox', 'forms']);
});
beforeEach(() => {
  session.userId = 'user-1';
  createThread.mockReset();
  createThread.mockResolvedValue({ uuid: 'new-1', companyId: 'acme' });
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const WAIT = { timeout: 10_000 };

function open(companies: readonly InitCompany[] = [ACME], chooseCompany = false) {
  const onCreated = vi.fn();
  const view = render(
    <MockedProvider mocks={[]}>
      <NewThreadModal companies={companies} chooseCompany={chooseCompany} onClose={vi.fn()} onCreated={onCreated} />
    </MockedProvider>,
  );
  return { onCreated, unmount: view.unmount };
}

const dialog = () => screen.findByRole('dialog', undefined, WAIT);
const field = async (name: string) => within(await dialog()).getByRole('textbox', { name }) as HTMLInputElement;

async function choose(label: string, name: string) {
  const box = within(await dialog()).getByRole('combobox', { name: label });
  fireEvent.mouseDown(box.closest('.ant-select') ?? box);
  const option = await waitFor(() => {
    const found = screen.getAllByText(name).find((el) => el.closest('.ant-select-item-option'));
    if (!found) throw new Error(`no option ${name}`);
    return found;
  }, WAIT);
  fireEvent.click(option);
}

const selected = async (label: string) =>
  within(await dialog()).getByRole('combobox', { name: label }).closest('.ant-select')?.querySelector('.ant-select-content')
    ?.textContent ?? '';

describe('NewThreadModal draft', { timeout: 30_000 }, () => {
  it('keeps the category, subject, message and urgent across closing and reopening', async () => {
    const first = open();
    await choose('Category', 'Accounting');
    fireEvent.change(await field('Subject'), { target: { value: 'VAT return' } });
    fireEvent.change(await field('Message'), { target: { value: 'Please file it this week.' } });
    fireEvent.click(within(await dialog()).getByRole('checkbox', { name: 'Urgent' }));
    first.unmount();

    open();
    expect((await field('Subject')).value).toBe('VAT return');
    expect((await field('Message')).value).toBe('Please file it this week.');
    expect(await selected('Category')).toContain('Accounting');
    expect((within(await dialog()).getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps one draft per user and company', async () => {
    const first = open([ACME]);
    fireEvent.change(await field('Subject'), { target: { value: 'For Acme' } });
    first.unmount();

    const other = open([BOREALIS]);
    expect((await field('Subject')).value).toBe('');
    other.unmount();
    session.userId = 'user-2';
    const otherUser = open([ACME]);
    expect((await field('Subject')).value).toBe('');
    otherUser.unmount();
    session.userId = 'user-1';
    open([ACME]);
    expect((await field('Subject')).value).toBe('For Acme');
  });

  it('keeps the chosen company where the company is chosen in the form', async () => {
    const first = open([ACME, BOREALIS], true);
    await choose('Company', 'Borealis AB');
    await choose('Category', 'Accounting');
    fireEvent.change(await field('Subject'), { target: { value: 'Swedish payroll' } });
    first.unmount();

    open([ACME, BOREALIS], true);
    expect((await field('Subject')).value).toBe('Swedish payroll');
    expect(await selected('Company')).toContain('Borealis AB');
    expect(await selected('Category')).toContain('Accounting');
  });

  it('drops a kept category the company no longer offers', async () => {
    const first = open();
    await choose('Category', 'Accounting');
    fireEvent.change(await field('Subject'), { target: { value: 'Old category' } });
    first.unmount();

    open([{ ...ACME, categories: ACME.categories.map((c) => ({ ...c, active: c.id !== '1' })) }]);
    expect((await field('Subject')).value).toBe('Old category');
    expect(await selected('Category')).not.toContain('Accounting');
  });

  it('forgets the draft once the thread is sent', async () => {
    const typed = open();
    await choose('Category', 'Accounting');
    fireEvent.change(await field('Subject'), { target: { value: 'Sent soon' } });
    typed.unmount();

    const first = open();
    expect((await field('Subject')).value).toBe('Sent soon');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(first.onCreated).toHaveBeenCalled(), WAIT);
    expect(createThread).toHaveBeenCalledWith(expect.objectContaining({ companyId: 'acme', categoryId: '1', title: 'Sent soon' }));
    first.unmount();

    open();
    expect((await field('Subject')).value).toBe('');
  });
});
