import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { ACCOUNTING, PAYROLL } from '../../../test/fixtures';
import { MembershipFields } from './MembershipForm';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['people']);
});
afterEach(cleanup);

interface Values {
  role: 'user' | 'admin';
  categoryIds: string[];
}

function renderFields(initial: Values = { role: 'user', categoryIds: [] }): () => FormInstance<Values> {
  let form: FormInstance<Values> | undefined;
  function Harness() {
    const [instance] = Form.useForm<Values>();
    form = instance;
    return (
      <App>
        <Form form={instance} initialValues={initial}>
          <MembershipFields categories={[ACCOUNTING, PAYROLL]} />
        </Form>
      </App>
    );
  }
  render(<Harness />);
  return () => form as FormInstance<Values>;
}

const dialog = () => screen.findByRole('dialog');

describe('MembershipFields confirmations (spec 000 §6, 002 §4)', () => {
  it('makes someone an admin only once the confirmation is accepted', async () => {
    const form = renderFields();
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    const asked = await dialog();
    expect(within(asked).getAllByText('Make this user a company admin?').length).toBeGreaterThan(0);
    expect(form().getFieldValue('role')).toBe('user');
    fireEvent.click(within(asked).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(form().getFieldValue('role')).toBe('admin'));
    expect((screen.getByRole('radio', { name: 'Admin' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the role when the admin confirmation is cancelled', async () => {
    const form = renderFields();
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(form().getFieldValue('role')).toBe('user');
    expect((screen.getByRole('radio', { name: 'User' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks nothing for an admin made a user, nor for an ordinary category', async () => {
    const form = renderFields({ role: 'admin', categoryIds: [] });
    fireEvent.click(screen.getByRole('radio', { name: 'User' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Accounting' }));
    expect(form().getFieldValue('role')).toBe('user');
    expect(form().getFieldValue('categoryIds')).toEqual([ACCOUNTING.id]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a sensitive category only once the confirmation is accepted', async () => {
    const form = renderFields();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payroll' }));
    const asked = await dialog();
    expect(within(asked).getAllByText('Give a sensitive category?').length).toBeGreaterThan(0);
    expect(within(asked).getByText(/^Payroll is a sensitive category/)).toBeTruthy();
    expect(form().getFieldValue('categoryIds')).toEqual([]);
    fireEvent.click(within(asked).getByRole('button', { name: 'Give the category' }));
    await waitFor(() => expect(form().getFieldValue('categoryIds')).toEqual([PAYROLL.id]));
  });

  it('leaves the sensitive category out when the confirmation is cancelled', async () => {
    const form = renderFields({ role: 'user', categoryIds: [ACCOUNTING.id] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payroll' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(form().getFieldValue('categoryIds')).toEqual([ACCOUNTING.id]);
    expect((screen.getByRole('checkbox', { name: 'Payroll' }) as HTMLInputElement).checked).toBe(false);
  });

  it('asks nothing again for a sensitive category the user already has', () => {
    const form = renderFields({ role: 'user', categoryIds: [PAYROLL.id] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Accounting' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payroll' }));
    expect(form().getFieldValue('categoryIds')).toEqual([ACCOUNTING.id]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
