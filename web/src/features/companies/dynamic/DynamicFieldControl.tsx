import { CheckOutlined, EditOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeServerError } from '../../../app/errors/serverErrors';
import { formatDate, formatDateTime } from '../../../app/i18n/dates';
import { UrlInput } from '../../../shared/forms/UrlInput';
import { useFormsTranslation } from '../../../shared/forms/useFormsTranslation';
import { AnchorDateModal, useAnchorSummary } from './AnchorDateModal';
import { readAnchorDate } from './anchorDate';
import { DYNAMIC_TEXT_LIMIT, checkValue, fieldSettings, ruleText, type DynamicFieldLike, type FieldErrorKey } from './fields';
import type { SaveState } from './useFieldSaver';
import { useClearable } from '../../../shared/forms/useClearable';

export interface DynamicFieldControlProps {
  readonly field: DynamicFieldLike;
  /** The value last saved (the server's). */
  readonly value: unknown;
  readonly editable: boolean;
  readonly serverError?: string;
  readonly state?: SaveState;
  readonly onChange: (value: unknown) => void;
}

/**
 * One dynamic field: its input by type, the client's checks and the server's error (spec 002 §5).
 * A value that fails the checks is not saved; its message is the shared form rule's (required,
 * "cannot be empty", max length, e-mail, URL: spec 000 §5) where one covers it.
 */
export function DynamicFieldControl({ field, value, editable, serverError, state, onChange }: DynamicFieldControlProps) {
  const { t, i18n } = useTranslation('companies');
  const clearable = useClearable();
  const forms = useFormsTranslation();
  const [draft, setDraft] = useState<unknown>(value);
  const [clientError, setClientError] = useState<FieldErrorKey | null>(null);
  const [anchorOpen, setAnchorOpen] = useState(false);
  const summary = useAnchorSummary();
  const settings = fieldSettings(field.settings);
  const id = `dynamic-field-${field.name}`;
  const disabled = !editable || field.readonly;

  const change = (next: unknown, { skipEmpty = false } = {}) => {
    setDraft(next);
    const error = checkValue(field, next);
    setClientError(error);
    if (disabled || error) return;
    // Empty date values are ignored (spec 002 §5).
    if (skipEmpty && (next === null || next === '')) return;
    onChange(next);
  };

  const error = clientError ?? serverError ?? null;
  const describe = (problem: string): string | undefined => {
    const rule = ruleText(problem, draft);
    // the shared rules' texts are shown once loaded; a key without a text reads as the server's error does
    if (rule) return forms.ready ? forms.t(rule.key, rule.values ?? {}) : undefined;
    return t(`field_error.${problem}` as 'field_error.inclusion', { defaultValue: describeServerError({ message: problem }, i18n).description });
  };
  const help = error ? describe(error) : undefined;
  const status = state === 'saving' ? <LoadingOutlined aria-label={t('fields.saving')} /> : state === 'saved' ? <CheckOutlined aria-label={t('fields.saved')} style={{ color: '#389e0d' }} /> : null;

  let control;
  switch (field.type) {
    case 'text':
      control = (
        <Input.TextArea
          id={id}
          value={typeof draft === 'string' ? draft : ''}
          disabled={disabled}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={DYNAMIC_TEXT_LIMIT + 1}
          onChange={(e) => change(e.target.value)}
        />
      );
      break;
    case 'integer':
    case 'number':
      control = (
        <InputNumber
          id={id}
          value={typeof draft === 'number' ? draft : null}
          disabled={disabled}
          precision={field.type === 'integer' ? 0 : undefined}
          style={{ width: '100%', maxWidth: 240 }}
          onChange={(n) => change(n ?? null)}
        />
      );
      break;
    case 'boolean':
      control = <Switch id={id} checked={draft === true} disabled={disabled} onChange={(on) => change(on)} />;
      break;
    case 'date':
      control = (
        <DatePicker
          id={id}
          value={typeof draft === 'string' && draft ? dayjs(draft) : null}
          disabled={disabled}
          onChange={(d) => change(d ? d.format('YYYY-MM-DD') : null, { skipEmpty: true })}
        />
      );
      break;
    case 'datetime':
      control = (
        <DatePicker
          id={id}
          showTime={{ format: 'HH:mm' }}
          value={typeof draft === 'string' && draft ? dayjs(draft) : null}
          disabled={disabled}
          onChange={(d) => change(d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null, { skipEmpty: true })}
        />
      );
      break;
    case 'dropdown':
      control = (
        <Select
          id={id}
          mode={settings.multiple ? 'multiple' : undefined}
          allowClear={clearable}
          value={draft ?? undefined}
          disabled={disabled}
          style={{ width: '100%', maxWidth: 400 }}
          options={settings.allowedValues.map((o) => ({ value: o.key, label: o.label }))}
          onChange={(v: unknown) => change(v ?? null)}
        />
      );
      break;
    case 'checkboxes':
      control = (
        <Checkbox.Group
          value={Array.isArray(draft) ? (draft as string[]) : []}
          disabled={disabled}
          options={settings.allowedValues.map((o) => ({ value: o.key, label: o.label }))}
          onChange={(v) => change(v)}
        />
      );
      break;
    case 'radios':
      control = (
        <Radio.Group
          value={draft ?? undefined}
          disabled={disabled}
          options={settings.allowedValues.map((o) => ({ value: o.key, label: o.label }))}
          onChange={(e) => change(e.target.value)}
        />
      );
      break;
    case 'anchor_date': {
      const anchor = readAnchorDate(draft);
      control = (
        <Flex gap={8} align="center" wrap>
          <Typography.Text id={id}>{summary(anchor)}</Typography.Text>
          {disabled ? null : (
            <Button size="small" icon={<EditOutlined />} onClick={() => setAnchorOpen(true)} aria-label={t('anchor.edit_named', { field: field.title })}>
              {t('anchor.edit')}
            </Button>
          )}
          {anchorOpen ? (
            <AnchorDateModal
              title={field.title}
              value={anchor}
              onClose={() => setAnchorOpen(false)}
              onSave={(next) => {
                setAnchorOpen(false);
                change(next);
              }}
            />
          ) : null}
        </Flex>
      );
      break;
    }
    case 'link':
      control = (
        <UrlInput id={id} value={typeof draft === 'string' ? draft : ''} disabled={disabled} style={{ maxWidth: 480 }} onChange={change} />
      );
      break;
    default:
      control = (
        <Input
          id={id}
          type={field.type === 'email' ? 'email' : 'text'}
          value={typeof draft === 'string' ? draft : ''}
          disabled={disabled}
          maxLength={DYNAMIC_TEXT_LIMIT + 1}
          style={{ maxWidth: 480 }}
          onChange={(e) => change(e.target.value)}
        />
      );
  }

  const labelled = field.type !== 'checkboxes' && field.type !== 'radios' && field.type !== 'anchor_date';
  return (
    <Form.Item
      label={
        <Flex gap={6} align="center">
          <span>{field.title}</span>
          {field.readonly ? <Typography.Text type="secondary">({t('fields.readonly')})</Typography.Text> : null}
          {status}
        </Flex>
      }
      htmlFor={labelled ? id : undefined}
      required={field.required && !disabled}
      validateStatus={error ? 'error' : undefined}
      help={help}
      style={{ marginBottom: 16 }}
    >
      {labelled ? control : <div role="group" aria-label={field.title}>{control}</div>}
    </Form.Item>
  );
}

/** A field's value as text, for read-only views. */
export function useFieldText(): (field: DynamicFieldLike, value: unknown) => string {
  const { t } = useTranslation('companies');
  const summary = useAnchorSummary();
  return (field, value) => {
    if (value === null || value === undefined || value === '') return '–';
    const label = (key: unknown) => fieldSettings(field.settings).allowedValues.find((o) => o.key === key)?.label ?? String(key);
    switch (field.type) {
      case 'boolean':
        return value ? t('fields.yes') : t('fields.no');
      case 'date':
        return typeof value === 'string' ? formatDate(value) || '–' : '–';
      case 'datetime':
        return typeof value === 'string' ? formatDateTime(value) || '–' : '–';
      case 'checkboxes':
      case 'dropdown':
      case 'radios':
        return (Array.isArray(value) ? value : [value]).map(label).join(', ') || '–';
      case 'anchor_date':
        return summary(readAnchorDate(value));
      default:
        return String(value);
    }
  };
}
