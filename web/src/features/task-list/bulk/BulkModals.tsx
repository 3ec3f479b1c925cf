import { Button, DatePicker, Form, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { PRIORITIES, type Priority } from '../filters/filterState';
import type { BulkChange } from './hooks/useBulkChange';
import { DATE_PRESETS, presetDate } from './bulkDates';
import { useClearable } from '../../../shared/forms/useClearable';

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

interface Values {
  status?: string;
  priority: Priority;
  date?: Dayjs | null;
  assignee?: string;
}

/** The form's name: its fields' ids are bulk_status, bulk_date, … */
const FORM_NAME = 'bulk';

/**
 * The bulk change modals (spec 001 §5): status, priority, due date, completion date, assignee.
 * Their checks are the shared form rules: status and dates required, a due date after now.
 * Apply waits for a status or a date; a due date in the past is refused on Apply with the
 * rule's message and the invalid-submit notice, and nothing is sent.
 */
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
  const clearable = useClearable();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const status = Form.useWatch('status', form);
  const date = Form.useWatch('date', form);
  const dated = kind === 'due_date' || kind === 'completion_date';
  // Apply is disabled without a status or a date (spec 001 §5); other problems are the rules'.
  const incomplete = (kind === 'status' && !status) || (dated && !date);

  const submit = async (values: Values) => {
    let change: BulkChange;
    switch (kind) {
      case 'status':
        change = { kind, status: values.status ?? '' };
        break;
      case 'priority':
        change = { kind, priority: values.priority };
        break;
      case 'due_date':
        change = { kind, dueDate: (values.date ?? dayjs()).toISOString() };
        break;
      case 'completion_date':
        change = { kind, completionDate: (values.date ?? dayjs()).toISOString() };
        break;
      case 'assign':
        change = { kind, userId: values.assignee ?? null };
        break;
    }
    if (await onSubmit(change)) onClose();
  };

  const dateField = (
    <Form.Item
      label={t(kind === 'due_date' ? 'bulk.due_date' : 'bulk.completion_date')}
      htmlFor={`${FORM_NAME}_date`}
      required
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form.Item name="date" noStyle rules={kind === 'due_date' ? [rules.required, rules.afterNow()] : [rules.required]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            disabledDate={kind === 'due_date' ? (d) => d.isBefore(dayjs(), 'day') : undefined}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Space wrap>
          {DATE_PRESETS.map((p) => (
            <Button key={p} size="small" onClick={() => form.setFields([{ name: 'date', value: presetDate(p, dayjs()), errors: [] }])}>
              {t(`bulk.preset.${p}`)}
            </Button>
          ))}
        </Space>
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
      submitDisabled={incomplete}
      onSubmit={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">{t('bulk.for_count', { count })}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        initialValues={{ priority: 'medium' }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={invalidSubmit}
      >
        {kind === 'status' && (
          <Form.Item label={t('bulk.status')} name="status" rules={[rules.required]}>
            <Select
              placeholder={t('bulk.choose_status')}
              options={BULK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'priority' && (
          <Form.Item label={t('bulk.priority')} name="priority" rules={[rules.required]}>
            <Radio.Group
              aria-label={t('bulk.priority')}
              optionType="button"
              options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            />
          </Form.Item>
        )}
        {dated && dateField}
        {kind === 'assign' && (
          <Form.Item label={t('bulk.assignee')} name="assignee" extra={t('bulk.assignee_hint')}>
            <Select
              showSearch={{ filterOption: false, onSearch: onSearchAssignees }}
              allowClear={clearable}
              loading={assigneesLoading}
              placeholder={t('bulk.nobody')}
              options={[...assignees]}
              notFoundContent={t('bulk.no_assignees')}
            />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
