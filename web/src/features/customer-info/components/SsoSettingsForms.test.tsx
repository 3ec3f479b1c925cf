import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { SaveOutcome } from '../utils/ssoSettings';
import { OidcSettingsForm, type OidcFormValues } from './OidcSettingsForm';
import { SamlSettingsForm, type SamlSaveValues } from './SamlSettingsForm';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['customerInfo', 'errors']);
});
// jsdom under a busy machine: allow time before giving up.
const SLOW = { timeout: 10_000 };

afterEach(cleanup);

const STORED_OIDC = {
  issuer: 'https://login.acme.test',
  clientId: 'portico',
  scope: 'openid email',
  emailKey: 'email',
  providerName: 'Acme login',
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderOidc(onSave: (values: OidcFormValues) => Promise<SaveOutcome>, stored = STORED_OIDC) {
  const onDiscover = vi.fn();
  render(
    <App>
      <OidcSettingsForm
        stored={stored}
        secretStored={stored !== null}
        saving={false}
        discovering={false}
        onSave={onSave}
        onDiscover={onDiscover}
      />
    </App>,
  );
  return { onDiscover };
}

// antd forms render slowly in jsdom on a busy machine.
describe('OidcSettingsForm', { timeout: 30_000 }, () => {
  it('shows the stored settings but never a secret, and an empty secret keeps the stored one', async () => {
    const onSave = vi.fn(async () => ({ saved: true }) as const);
    renderOidc(onSave);
    // the URL input shows its fixed https:// apart
    expect(input('Issuer').value).toBe('login.acme.test');
    expect(input('Client id').value).toBe('portico');
    expect(input('Client secret').value).toBe('');
    expect(screen.getByText(/A secret is stored and never shown/)).toBeTruthy();

    fireEvent.change(input('Scopes'), { target: { value: '  openid   email profile ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    expect(onSave).toHaveBeenCalledWith({ ...STORED_OIDC, clientSecret: '', scope: 'openid email profile' });
  });

  it('puts the server refusal on its field and keeps what was typed', async () => {
    const onSave = vi.fn(
      async (): Promise<SaveOutcome> => ({
        saved: false,
        errors: [{ code: 'VALIDATION_ERROR', message: 'openid_scope_required', field: 'scope' }],
      }),
    );
    renderOidc(onSave);
    fireEvent.change(input('Issuer'), { target: { value: 'https://other.acme.test' } });
    fireEvent.change(input('Client secret'), { target: { value: 's3cret' } });
    fireEvent.change(input('Scopes'), { target: { value: 'email profile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The scopes must include openid', {}, SLOW);
    expect(input('Issuer').value).toBe('other.acme.test');
    expect(input('Client secret').value).toBe('s3cret');
    expect(input('Scopes').value).toBe('email profile');
  });

  it('asks for a secret when none is stored, and tests only a valid issuer', async () => {
    const onSave = vi.fn(async () => ({ saved: true }) as const);
    const { onDiscover } = renderOidc(onSave, null as unknown as typeof STORED_OIDC);
    const test = screen.getByRole('button', { name: /Test server/ }) as HTMLButtonElement;
    expect(test.disabled).toBe(true);
    fireEvent.change(input('Issuer'), { target: { value: 'https://login.acme.test/' } });
    await waitFor(() => expect(test.disabled).toBe(false), SLOW);
    fireEvent.click(test);
    expect(onDiscover).toHaveBeenCalledWith('https://login.acme.test/');

    fireEvent.change(input('Client id'), { target: { value: 'portico' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The field is required.', {}, SLOW);
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('SamlSettingsForm', { timeout: 30_000 }, () => {
  it('starts with the metadata upload when nothing is stored and sends the file as a data URL', async () => {
    const onSave = vi.fn(async (_: SamlSaveValues): Promise<SaveOutcome> => ({ saved: true }));
    render(
      <App>
        <SamlSettingsForm stored={null} saving={false} onSave={onSave} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The field is required.', {}, SLOW);
    expect(onSave).not.toHaveBeenCalled();

    const file = new File(['<EntityDescriptor/>'], 'idp.xml', { type: 'text/xml' });
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [file] } });
    await screen.findByText('idp.xml', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      mode: 'manifest',
      samlManifest: `data:text/xml;base64,${btoa('<EntityDescriptor/>')}`,
    });
    // After a successful save the manual fields show what the server read.
    await screen.findByLabelText('SSO URL', {}, SLOW);
  });

  it('shows stored settings in the manual form and a refused field where it belongs', async () => {
    const onSave = vi.fn(
      async (_: SamlSaveValues): Promise<SaveOutcome> => ({
        saved: false,
        errors: [{ code: 'VALIDATION_ERROR', message: 'invalid_certificate', field: 'cert' }],
      }),
    );
    render(
      <App>
        <SamlSettingsForm
          stored={{
            ssoServiceUrl: 'https://idp.acme.test/sso',
            entityId: 'https://idp.acme.test',
            cert: 'MIIB',
            certFingerprint: '',
            certFingerprintAlgorithm: 'SHA256',
          }}
          saving={false}
          onSave={onSave}
        />
      </App>,
    );
    expect(input('SSO URL').value).toBe('idp.acme.test/sso');
    fireEvent.change(input('Certificate'), { target: { value: 'not a certificate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), SLOW);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ mode: 'manual', cert: 'not a certificate', certFingerprintAlgorithm: 'SHA256' });
    await screen.findByText(/certificate/i, { selector: '.ant-form-item-explain-error' }, SLOW);
    expect(input('Certificate').value).toBe('not a certificate');
  });
});
