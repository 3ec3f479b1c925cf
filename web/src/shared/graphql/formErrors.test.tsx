import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { showMutationErrors, splitFieldErrors } from './formErrors';

const reported = vi.hoisted(() => ({ errors: [] as unknown[] }));
vi.mock('../../app/errors/reportErrors', () => ({
  reportServerErrors: (errors: readonly unknown[]) => reported.errors.push(...errors),
}));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  reported.errors = [];
});

const taken = { code: 'VALIDATION_ERROR', message: 'name_has_already_been_taken', field: 'name', entityType: null };
const country = { code: 'VALIDATION_ERROR', message: 'country_not_available', field: 'countryId', entityType: null };
const denied = { code: 'ACCESS_DENIED', message: 'access_denied', field: null, entityType: null };

describe('splitFieldErrors', () => {
  it('puts errors of shown fields under their form names and keeps the rest', () => {
    const { fieldErrors, other } = splitFieldErrors([taken, country, denied, taken], { name: 'name', countryId: ['country', 'id'] }, (e) => String(e.message));
    expect(fieldErrors).toEqual([
      { name: 'name', errors: ['name_has_already_been_taken'] },
      { name: ['country', 'id'], errors: ['country_not_available'] },
    ]);
    expect(other).toEqual([denied]);
  });

  it('sends errors of fields the form does not show to the toasts', () => {
    const { fieldErrors, other } = splitFieldErrors([taken, country], ['name'], (e) => String(e.message));
    expect(fieldErrors.map((f) => f.name)).toEqual(['name']);
    expect(other).toEqual([country]);
  });

  it('gathers several server fields on one form field, once per text', () => {
    const manifest = { code: 'VALIDATION_ERROR', message: 'invalid_metadata', field: 'samlManifest' };
    const url = { code: 'VALIDATION_ERROR', message: 'invalid_metadata', field: 'ssoServiceUrl' };
    const cert = { code: 'VALIDATION_ERROR', message: 'certificate_missing', field: 'cert' };
    const upload = { samlManifest: 'samlManifest', ssoServiceUrl: 'samlManifest', cert: 'samlManifest' };
    const { fieldErrors, other } = splitFieldErrors([manifest, url, cert, url], upload, (e) => String(e.message));
    expect(fieldErrors).toEqual([{ name: 'samlManifest', errors: ['invalid_metadata', 'certificate_missing'] }]);
    expect(other).toEqual([]);
  });
});

function NameForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ name: '' }}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('showMutationErrors', () => {
  it('shows a field error under its field, keeps what was typed, and toasts the rest', async () => {
    let form: FormInstance | null = null;
    render(<NameForm onForm={(f) => (form = f)} />);
    act(() => form?.setFieldsValue({ name: 'Payroll run' }));
    let shown = false;
    act(() => {
      shown = form ? showMutationErrors(form, [taken, denied], ['name']) : false;
    });
    expect(shown).toBe(true);
    await waitFor(() => expect(screen.getByText('Name has already been taken')).toBeTruthy());
    expect(form!.getFieldError('name')).toEqual(['Name has already been taken']);
    expect(form!.getFieldValue('name')).toBe('Payroll run');
    expect(reported.errors).toEqual([denied]);
  });

  it('answers false when the save went through', () => {
    let form: FormInstance | null = null;
    render(<NameForm onForm={(f) => (form = f)} />);
    expect(showMutationErrors(form!, [], ['name'])).toBe(false);
    expect(reported.errors).toEqual([]);
  });
});
