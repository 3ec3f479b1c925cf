import { InboxOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../shared/forms/FilePicker';
import { UrlInput } from '../../../shared/forms/UrlInput';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors, type FormFieldMap } from '../../../shared/graphql/formErrors';
import {
  CERT_FINGERPRINT_ALGORITHMS,
  type CertFingerprintAlgorithm,
  initialSamlMode,
  readAsDataUrl,
  type SamlSetupMode,
  type SaveOutcome,
} from '../utils/ssoSettings';

export interface StoredSamlSettings {
  readonly ssoServiceUrl: string;
  readonly entityId: string;
  readonly cert: string;
  readonly certFingerprint: string;
  readonly certFingerprintAlgorithm: string;
}

/** What a save sends: the metadata XML (as a data URL), or the fields typed by hand. */
export type SamlSaveValues =
  | { readonly mode: 'manifest'; readonly samlManifest: string }
  | ({ readonly mode: 'manual' } & StoredSamlSettings);

interface SamlFormFields extends StoredSamlSettings {
  readonly samlManifest?: string;
}

const MANUAL_FIELDS: readonly (keyof StoredSamlSettings)[] = [
  'ssoServiceUrl',
  'entityId',
  'cert',
  'certFingerprint',
  'certFingerprintAlgorithm',
];

// The server fields each mode shows. Uploading, the server reads the manual fields from the
// metadata: their errors belong to the upload (the manual fields are not on screen).
const SHOWN_FIELDS: Record<SamlSetupMode, FormFieldMap> = {
  manifest: Object.fromEntries(['samlManifest', ...MANUAL_FIELDS].map((f) => [f, 'samlManifest'])),
  manual: MANUAL_FIELDS,
};

export interface SamlSettingsFormProps {
  /** What is stored; null when the company has no SAML settings. */
  readonly stored: StoredSamlSettings | null;
  readonly saving: boolean;
  /** Saves (after any confirmation the page asks for). */
  readonly onSave: (values: SamlSaveValues) => Promise<SaveOutcome>;
}

const DEFAULT_ALGORITHM: CertFingerprintAlgorithm = 'SHA1';

/**
 * SAML settings (spec 002 §3, §4, §5): the identity provider's metadata XML uploaded, or
 * its SSO URL, entity id, certificate and fingerprint typed by hand. Manual mode after
 * load when settings exist and after a successful save, the upload otherwise.
 */
export function SamlSettingsForm({ stored, saving, onSave }: SamlSettingsFormProps) {
  const { t } = useTranslation('customerInfo');
  const [form] = Form.useForm<SamlFormFields>();
  const storedKey = JSON.stringify(stored);
  const initialValues = useMemo<SamlFormFields>(() => {
    const current = JSON.parse(storedKey) as StoredSamlSettings | null;
    return {
      ssoServiceUrl: current?.ssoServiceUrl ?? '',
      entityId: current?.entityId ?? '',
      cert: current?.cert ?? '',
      certFingerprint: current?.certFingerprint ?? '',
      certFingerprintAlgorithm: current?.certFingerprintAlgorithm || DEFAULT_ALGORITHM,
    };
  }, [storedKey]);
  const [mode, setMode] = useState<SamlSetupMode>(() => initialSamlMode(stored !== null));
  const [files, setFiles] = useState<File[]>([]);
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  // The server needs these three to check a response; the fingerprint is optional.
  const required = rules.required;

  useEffect(() => {
    form.resetFields();
    setFiles([]);
  }, [form, initialValues]);

  const onFinish = async (values: SamlFormFields) => {
    const outcome = await onSave(
      mode === 'manifest'
        ? { mode, samlManifest: values.samlManifest ?? '' }
        : {
            mode,
            ssoServiceUrl: values.ssoServiceUrl.trim(),
            entityId: values.entityId.trim(),
            cert: values.cert.trim(),
            certFingerprint: values.certFingerprint.trim(),
            certFingerprintAlgorithm: values.certFingerprintAlgorithm,
          },
    );
    if (outcome.saved) {
      setMode('manual');
      return;
    }
    showMutationErrors(form, outcome.errors, SHOWN_FIELDS[mode]);
  };

  // The file shows as picked once its data URL is in the form: a save right after sends it.
  const pick = async (picked: File[]) => {
    const file = picked[0];
    const value = file ? await readAsDataUrl(file) : undefined;
    form.setFields([{ name: 'samlManifest', value, errors: [] }]);
    setFiles(picked);
  };

  return (
    <Form<SamlFormFields>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void onFinish(values)}
      onFinishFailed={invalidSubmit}
      disabled={saving}
      data-testid="saml-settings-form"
    >
      <Form.Item label={t('sso.saml.mode')}>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as SamlSetupMode)}
          optionType="button"
          options={[
            { value: 'manifest', label: t('sso.saml.mode_manifest') },
            { value: 'manual', label: t('sso.saml.mode_manual') },
          ]}
        />
      </Form.Item>
      {mode === 'manifest' ? (
        <Form.Item label={t('sso.saml.manifest')} required extra={t('sso.saml.manifest_help')}>
          {/* The data URL lives in a hidden field, so that its errors show under the drop zone. */}
          <Form.Item name="samlManifest" noStyle rules={[required]}>
            <input type="hidden" />
          </Form.Item>
          <FilePicker
            dragger
            extensions={['xml']}
            maxCount={1}
            value={files}
            onChange={(picked) => void pick(picked)}
            onReject={(errors) => form.setFields([{ name: 'samlManifest', errors }])}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('sso.saml.manifest_drop')}</p>
          </FilePicker>
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="ssoServiceUrl"
            label={t('sso.saml.sso_service_url')}
            rules={[required, rules.url]}
          >
            <UrlInput placeholder="idp.example.com/sso" />
          </Form.Item>
          <Form.Item
            name="entityId"
            label={t('sso.saml.entity_id')}
            rules={[required]}
            extra={t('sso.saml.entity_id_help')}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="cert" label={t('sso.saml.cert')} rules={[required]} extra={t('sso.saml.cert_help')}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              spellCheck={false}
              placeholder="-----BEGIN CERTIFICATE-----"
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
          <Form.Item name="certFingerprint" label={t('sso.saml.cert_fingerprint')} extra={t('sso.saml.cert_fingerprint_help')}>
            <Input autoComplete="off" spellCheck={false} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="certFingerprintAlgorithm" label={t('sso.saml.cert_fingerprint_algorithm')}>
            <Select options={CERT_FINGERPRINT_ALGORITHMS.map((a) => ({ value: a, label: a }))} style={{ maxWidth: 200 }} />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('sso.save')}
      </Button>
    </Form>
  );
}
