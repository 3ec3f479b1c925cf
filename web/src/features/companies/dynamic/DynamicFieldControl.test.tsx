import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { DynamicFieldControl } from './DynamicFieldControl';
import type { DynamicFieldLike } from './fields';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['companies', 'forms', 'errors']);
});
afterEach(cleanup);

const field = (type: string, required = false): DynamicFieldLike => ({
  id: '1',
  name: 'contact',
  title: 'Contact',
  type,
  readonly: false,
  required,
  settings: {},
  position: 0,
});

function renderField(f: DynamicFieldLike, serverError?: string) {
  const onChange = vi.fn();
  render(
    <Form layout="vertical">
      <DynamicFieldControl field={f} value={null} editable serverError={serverError} onChange={onChange} />
    </Form>,
  );
  return { onChange, input: screen.getByLabelText(/Contact/) };
}

describe('DynamicFieldControl (spec 002 §5 with the shared rules, 000 §5)', () => {
  it('refuses a bad e-mail with the rule message and saves nothing, then saves a good one', async () => {
    const { onChange, input } = renderField(field('email'));
    fireEvent.change(input, { target: { value: 'anna@' } });
    expect(await screen.findByText('Email address is not valid')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'anna@acme.fi' } });
    expect(onChange).toHaveBeenCalledWith('anna@acme.fi');
  });

  it('wants a required value, and more than spaces', async () => {
    const { onChange, input } = renderField(field('string', true));
    fireEvent.change(input, { target: { value: '   ' } });
    expect(await screen.findByText('This field cannot be empty')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('The field is required.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('bounds a text at 250 characters', async () => {
    const { onChange, input } = renderField(field('text'));
    fireEvent.change(input, { target: { value: 'a'.repeat(251) } });
    expect(await screen.findByText('The field must have a max length of 250 characters.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the same words", async () => {
    renderField(field('link'), 'invalid_url');
    expect(await screen.findByText('The value is not a valid URL address')).toBeTruthy();
  });
});
