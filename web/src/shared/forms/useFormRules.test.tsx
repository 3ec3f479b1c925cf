import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../app/i18n/i18n';
import { useFormRules, useInvalidSubmitNotice } from './useFormRules';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
afterAll(async () => {
  await changeLanguage('en');
});
const SLOW = { timeout: 10_000 };

function ContactForm({ onFinish }: { readonly onFinish: (values: unknown) => void }) {
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  return (
    <Form layout="vertical" onFinish={onFinish} onFinishFailed={invalidSubmit}>
      <Form.Item name="name" label="Name" rules={[rules.required, rules.maxLength(20)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label="E-mail" rules={[rules.email]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Send</Button>
    </Form>
  );
}

const renderForm = () => {
  const onFinish = vi.fn();
  render(
    <App>
      <ContactForm onFinish={onFinish} />
    </App>,
  );
  return onFinish;
};

describe('the shared form rules in a form', { timeout: 30_000 }, () => {
  it('shows the spec messages under the fields and the form-level message on a failed submit', async () => {
    const onFinish = renderForm();
    expect(document.querySelector('.ant-form-item-required')?.textContent).toBe('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('The field is required.', {}, SLOW);
    await screen.findByText('Some fields contain errors. Correct the errors and try again', {}, SLOW);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    await screen.findByText('This field cannot be empty', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna Virtanen' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'anna@' } });
    await screen.findByText('Email address is not valid', {}, SLOW);
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'anna@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Anna Virtanen', email: 'anna@acme.test' }), SLOW);
  });

  it('speaks the interface language', async () => {
    await changeLanguage('fi');
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Kenttä on pakollinen.', {}, SLOW);
    await screen.findByText('Joissakin kentissä on virheitä. Korjaa virheet ja yritä uudelleen', {}, SLOW);
    await changeLanguage('sv');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    await screen.findByText('Fältet får inte vara tomt', {}, SLOW);
  });
});
