import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, DatePicker, Flex, Form, Popover, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANYONE,
  DEFAULT_FILTERS,
  FLAG_FILTERS,
  NOBODY,
  PRIORITIES,
  STATUS_GROUPS,
  activeFilterCount,
  toggleResponsible,
  toggleSender,
  type InboxFilterState,
} from './filterState';
import { dueRangePreset, DUE_RANGE_PRESETS, type DueRangePreset } from './dueRange';

export interface PersonOption {
  readonly value: string;
  readonly label: string;
}

export interface FiltersPopoverProps {
  readonly filters: InboxFilterState;
  /** Staff see the assignee and sender filters; customers do not. */
  readonly staff: boolean;
  readonly meId: string;
  /** Companies to filter by (group and all-companies views); empty hides the filter. */
  readonly companies: readonly PersonOption[];
  /** Staff users that may be picked as assignee or sender. */
  readonly people: readonly PersonOption[];
  readonly onApply: (filters: InboxFilterState) => void;
}

type Draft = Omit<InboxFilterState, 'query'>;

const draftOf = ({ query: _query, ...rest }: InboxFilterState): Draft => rest;

/**
 * The filters popover: assignee and sender (staff only, with anyone, nobody and me),
 * priority, status, companies, due date range with presets and the content and due
 * toggles. Applies on Apply; Reset returns every filter to its default.
 */
export function FiltersPopover({ filters, staff, meId, companies, people, onApply }: FiltersPopoverProps) {
  const { t } = useTranslation('inbox');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const titleId = useId();
  // Opening starts from the applied filters; closing without Apply drops the draft.
  const onOpenChange = (next: boolean) => {
    if (next) setDraft(draftOf(filters));
    setOpen(next);
  };
  const count = activeFilterCount(filters);

  const special = (withMe: boolean): PersonOption[] => [
    { value: ANYONE, label: t('filters.anyone') },
    { value: NOBODY, label: t('filters.nobody') },
    ...(withMe ? [{ value: meId, label: t('filters.me') }] : []),
  ];
  const personOptions = (withMe: boolean) => [
    ...special(withMe),
    ...people.filter((p) => p.value !== meId).map((p) => ({ value: p.value, label: p.label })),
  ];

  // The pickers report every change as a new list; the rules need the one value picked.
  const picked = (before: readonly string[], after: readonly string[]): string | undefined =>
    after.find((v) => !before.includes(v)) ?? before.find((v) => !after.includes(v));

  const range: [Dayjs | null, Dayjs | null] = [
    draft.dueDateFrom ? dayjs(draft.dueDateFrom) : null,
    draft.dueDateTo ? dayjs(draft.dueDateTo) : null,
  ];

  const content = (
    <Form layout="vertical" style={{ width: 340 }} aria-labelledby={titleId}>
      {staff && (
        <>
          <Form.Item label={t('filters.responsible')} htmlFor="inbox-filter-responsible" style={{ marginBottom: 12 }}>
            <Select
              id="inbox-filter-responsible"
              mode="multiple"
              allowClear
              value={[...draft.responsibleIds]}
              options={personOptions(true)}
              optionFilterProp="label"
              placeholder={t('filters.any')}
              onChange={(after: string[]) => {
                const value = picked(draft.responsibleIds, after);
                setDraft((d) => ({
                  ...d,
                  responsibleIds: after.length === 0 || !value ? after : toggleResponsible(d.responsibleIds, value, meId),
                }));
              }}
            />
          </Form.Item>
          <Form.Item label={t('filters.sender')} htmlFor="inbox-filter-sender" style={{ marginBottom: 12 }}>
            <Select
              id="inbox-filter-sender"
              mode="multiple"
              allowClear
              value={[...draft.senderIds]}
              options={[
                { value: ANYONE, label: t('filters.sender_anyone') },
                { value: NOBODY, label: t('filters.sender_nobody') },
                { value: meId, label: t('filters.me') },
                ...people.filter((p) => p.value !== meId),
              ]}
              optionFilterProp="label"
              placeholder={t('filters.any')}
              onChange={(after: string[]) => {
                const value = picked(draft.senderIds, after);
                setDraft((d) => ({
                  ...d,
                  senderIds: after.length === 0 || !value ? after : toggleSender(d.senderIds, value),
                }));
              }}
            />
          </Form.Item>
        </>
      )}
      {companies.length > 0 && (
        <Form.Item label={t('filters.companies')} htmlFor="inbox-filter-companies" style={{ marginBottom: 12 }}>
          <Select
            id="inbox-filter-companies"
            mode="multiple"
            allowClear
            value={[...draft.companyIds]}
            options={[...companies]}
            optionFilterProp="label"
            placeholder={t('filters.any')}
            onChange={(companyIds: string[]) => setDraft((d) => ({ ...d, companyIds }))}
          />
        </Form.Item>
      )}
      <Form.Item label={t('filters.priority')} style={{ marginBottom: 12 }}>
        <Checkbox.Group
          aria-label={t('filters.priority')}
          value={[...draft.priority]}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          onChange={(priority) => setDraft((d) => ({ ...d, priority }))}
        />
      </Form.Item>
      <Form.Item label={t('filters.status')} style={{ marginBottom: 12 }}>
        <Checkbox.Group
          aria-label={t('filters.status')}
          value={[...draft.statuses]}
          options={STATUS_GROUPS.map((s) => ({ value: s, label: t(`filters.status_group.${s}`) }))}
          onChange={(statuses) => setDraft((d) => ({ ...d, statuses }))}
        />
      </Form.Item>
      <Form.Item label={t('filters.due_date')} style={{ marginBottom: 12 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select<DueRangePreset>
            aria-label={t('filters.due_preset')}
            value={null as unknown as DueRangePreset}
            placeholder={t('filters.due_preset')}
            options={DUE_RANGE_PRESETS.map((p) => ({ value: p, label: t(`filters.due_presets.${p}`) }))}
            onChange={(preset) => setDraft((d) => ({ ...d, ...dueRangePreset(preset, dayjs()) }))}
            style={{ width: '100%' }}
          />
          <DatePicker.RangePicker
            aria-label={t('filters.due_date')}
            value={range}
            allowEmpty={[true, true]}
            format="D.M.YYYY"
            onChange={(values) =>
              setDraft((d) => ({
                ...d,
                dueDateFrom: values?.[0] ? values[0].format('YYYY-MM-DD') : null,
                dueDateTo: values?.[1] ? values[1].format('YYYY-MM-DD') : null,
              }))
            }
            style={{ width: '100%' }}
          />
        </Space>
      </Form.Item>
      <Form.Item label={t('filters.more')} style={{ marginBottom: 12 }}>
        <Checkbox.Group
          aria-label={t('filters.more')}
          value={[...draft.flags]}
          options={FLAG_FILTERS.map((f) => ({ value: f, label: t(`filters.flag.${f}`) }))}
          onChange={(flags) => setDraft((d) => ({ ...d, flags }))}
          style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 4 }}
        />
      </Form.Item>
      <Flex justify="space-between">
        <Button onClick={() => setDraft(draftOf(DEFAULT_FILTERS))}>{t('filters.reset')}</Button>
        <Space>
          <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => {
              onApply({ ...draft, query: filters.query });
              setOpen(false);
            }}
          >
            {t('filters.apply')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomLeft"
      title={<Typography.Text id={titleId} strong>{t('filters.title')}</Typography.Text>}
      content={content}
      destroyOnHidden
    >
      <Badge count={count} size="small" offset={[-4, 4]} color="#0958d9">
        <Button icon={<FilterOutlined />} aria-label={count ? t('filters.button_active', { count }) : t('filters.button')}>
          {t('filters.button')}
        </Button>
      </Badge>
    </Popover>
  );
}
