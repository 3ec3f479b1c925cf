import { Button, DatePicker, Form, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, type Priority } from '../filters/filterState';
import type { BulkChange } from './hooks/useBulkChange';
import { DATE_PRESETS, dueDateError, presetDate } from './bulkDates';
import { FormDialog } from '../../../shared/ui/FormDialog';

export type BulkModalKind = 'status' | 'priority' | 'due_date' | 'completion_date' | 'assign';

/** Statuses a person may pick in bulk: the automatic ones (cancelled, failed) are left out. */
export const BULK_STATUSES = ['created', 'in_progress', 'closed', 'skipped'] as const;

export interface AssigneeOption {
  readonly value: string;
  readonly label: string;
}

export interface BulkModalProps {
  readonly kind: BulkModalKind;
  /** How many threads the change is for. */
  readonly count: number;
  readonly running: boolean;
  /** Staff users for the assignee picker. */
  readonly assignees: readonly AssigneeOption[];
  readonly assigneesLoading?: boolean;
  readonly onSearchAssignees?: (search: string) => void;
  /** Resolves true when the modal may close. */
  readonly onSubmit: (change: BulkChange) => Promise<boolean>;
  /** false plays the closing animation; afterClose follows it. */
  readonly open?: boolean;
  readonly onClose: () => void;
  readonly afterClose?: () => void;
}

const WIDTH: Record<BulkModalKind, number> = {
  status: 460,
  priority: 600,
  due_date: 460,
  completion_date: 460,
  assign: 460,
};


/** The bulk change modals (spec 001 §5): status, priority, due date, completion date, assignee. */
export function BulkModal({
  kind,
  count,
  running,
  assignees,
  assigneesLoading,
  onSearchAssignees,
  onSubmit,
  open = true,
  onClose,
  afterClose,
}: BulkModalProps) {
  const { t } = useTranslation('inbox');
  const [status, setStatus] = useState<string | null>(null);
  const [priority, setPriority] = useState<Priority>('medium');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const now = dayjs();
  const dateProblem = kind === 'due_date' ? dueDateError(date, now) : date ? null : 'required';
  const invalid =
    (kind === 'status' && !status) || ((kind === 'due_date' || kind === 'completion_date') && dateProblem !== null);

  const submit = async () => {
    setTouched(true);
    if (invalid) return;
    let change: BulkChange;
    switch (kind) {
      case 'status':
        change = { kind, status: status ?? '' };
        break;
      case 'priority':
        change = { kind, priority };
        break;
      case 'due_date':
        change = { kind, dueDate: (date ?? now).toISOString() };
        break;
      case 'completion_date':
        change = { kind, completionDate: (date ?? now).toISOString() };
        break;
      case 'assign':
        change = { kind, userId: assignee };
        break;
    }
    if (await onSubmit(change)) onClose();
  };

  const presets =
    kind === 'due_date' || kind === 'completion_date' ? (
      <Space wrap>
        {DATE_PRESETS.map((p) => (
          <Button key={p} size="small" onClick={() => setDate(presetDate(p, dayjs()))}>
            {t(`bulk.preset.${p}`)}
          </Button>
        ))}
      </Space>
    ) : null;

  const dateField = (
    <Form.Item
      label={t(kind === 'due_date' ? 'bulk.due_date' : 'bulk.completion_date')}
      htmlFor="bulk-date"
      required
      validateStatus={touched && dateProblem ? 'error' : undefined}
      help={
        touched && dateProblem
          ? t(dateProblem === 'past' ? 'validation.date_in_past' : 'validation.required')
          : undefined
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker
          id="bulk-date"
          showTime={{ format: 'HH:mm' }}
          value={date}
          onChange={(value) => {
            setDate(value);
            setTouched(true);
          }}
          disabledDate={kind === 'due_date' ? (d) => d.isBefore(dayjs(), 'day') : undefined}
          style={{ width: '100%' }}
        />
        {presets}
      </Space>
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      afterClose={afterClose}
      width={WIDTH[kind]}
      title={t(`bulk.title.${kind}`)}
      onClose={onClose}
      cancelText={t('actions.cancel')}
      submitText={t('bulk.apply')}
      submitting={running}
      submitDisabled={invalid}
      onSubmit={() => void submit()}
    >
      <Typography.Paragraph type="secondary">{t('bulk.for_count', { count })}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        {kind === 'status' && (
          <Form.Item
            label={t('bulk.status')}
            htmlFor="bulk-status"
            required
            validateStatus={touched && !status ? 'error' : undefined}
            help={touched && !status ? t('validation.required') : undefined}
          >
            <Select
              id="bulk-status"
              value={status}
              placeholder={t('bulk.choose_status')}
              options={BULK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              onChange={setStatus}
            />
          </Form.Item>
        )}
        {kind === 'priority' && (
          <Form.Item label={t('bulk.priority')} required>
            <Radio.Group
              aria-label={t('bulk.priority')}
              optionType="button"
              value={priority}
              onChange={(e) => setPriority(e.target.value as Priority)}
              options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            />
          </Form.Item>
        )}
        {(kind === 'due_date' || kind === 'completion_date') && dateField}
        {kind === 'assign' && (
          <Form.Item label={t('bulk.assignee')} htmlFor="bulk-assignee" extra={t('bulk.assignee_hint')}>
            <Select
              id="bulk-assignee"
              showSearch={{ filterOption: false, onSearch: onSearchAssignees }}
              allowClear
              value={assignee}
              loading={assigneesLoading}
              placeholder={t('bulk.nobody')}
              options={[...assignees]}
              onChange={(value: string | undefined) => setAssignee(value ?? null)}
              notFoundContent={t('bulk.no_assignees')}
            />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
