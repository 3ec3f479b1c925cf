import { Checkbox, DatePicker, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryFilter } from '../../../app/layout/categoryFilter';
import { useCompanyScope } from '../../../app/layout/useCompanyScope';
import { useClearable } from '../../../shared/forms/useClearable';
import { dueRangePreset, DUE_RANGE_PRESETS, type DueRangePreset } from './dueRange';
import { scopeCompanyIds, type FilterOption } from './filterOptions';
import { multiplePicker } from './SearchedSelect';
import {
  ANYONE,
  FLAG_FILTERS,
  NOBODY,
  PRIORITIES,
  STATUS_GROUPS,
  toggleResponsible,
  toggleSender,
  type FiltersDraft,
} from './filterState';
import { ParticipantSelect } from './ParticipantSelect';
import { WorkflowSelect } from './WorkflowSelect';

export interface FiltersFormProps {
  readonly draft: FiltersDraft;
  readonly onChange: (update: (draft: FiltersDraft) => FiltersDraft) => void;
  /** Staff see the assignee, sender and workflow filters; customers do not. */
  readonly staff: boolean;
  readonly meId: string;
  /** Companies to filter by (group and all-companies views); empty hides the filter. */
  readonly companies: readonly FilterOption[];
  /** People seen in the loaded threads. */
  readonly people: readonly FilterOption[];
  readonly labelledBy?: string;
}

// The pickers report every change as a new list; the rules need the one value picked.
const picked = (before: readonly string[], after: readonly string[]): string | undefined =>
  after.find((v) => !before.includes(v)) ?? before.find((v) => !after.includes(v));

interface RuleSelectProps {
  readonly id: string;
  readonly value: readonly string[];
  readonly options: readonly FilterOption[];
  /** The rule: the selection after one value is picked (or picked again). */
  readonly pick: (current: readonly string[], value: string) => string[];
  readonly onChange: (ids: string[]) => void;
}

/** A people picker with special values whose picks follow a rule (spec 001 §4 Responsible filter). */
function RuleSelect({ id, value, options, pick, onChange }: RuleSelectProps) {
  const { t } = useTranslation('inbox');
  const clearable = useClearable();
  return (
    <Select
      {...multiplePicker(id, value, options, clearable)}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('filters.any')}
      onChange={(after: string[]) => {
        const one = picked(value, after);
        onChange(after.length === 0 || !one ? after : pick(value, one));
      }}
    />
  );
}

const ITEM = { marginBottom: 12 } as const;

/**
 * The inbox filters (spec 001 §3 Filters): assignee and sender with their special values,
 * participants, workflow, companies, priority, status, due date with presets and the
 * content and due toggles. Edits a draft; the caller applies it.
 */
export function FiltersForm({ draft, onChange, staff, meId, companies, people, labelledBy }: FiltersFormProps) {
  const { t } = useTranslation('inbox');
  const clearable = useClearable();
  const scope = useCompanyScope();
  const categoryIds = useCategoryFilter();
  const { company, companyGroup } = scope;
  const scopeCompanies = useMemo(
    () => scopeCompanyIds({ company, companyGroup }, draft.companyIds),
    [company, companyGroup, draft.companyIds],
  );
  const mine = [{ value: meId, label: t('filters.me') }, ...people.filter((p) => p.value !== meId)];

  const range: [Dayjs | null, Dayjs | null] = [
    draft.dueDateFrom ? dayjs(draft.dueDateFrom) : null,
    draft.dueDateTo ? dayjs(draft.dueDateTo) : null,
  ];

  return (
    <Form layout="vertical" aria-labelledby={labelledBy}>
      {staff && (
        <>
          <Form.Item label={t('filters.responsible')} htmlFor="inbox-filter-responsible" style={ITEM}>
            <RuleSelect
              id="inbox-filter-responsible"
              value={draft.responsibleIds}
              options={[
                { value: ANYONE, label: t('filters.anyone') },
                { value: NOBODY, label: t('filters.nobody') },
                ...mine,
              ]}
              pick={(current, value) => toggleResponsible(current, value, meId)}
              onChange={(responsibleIds) => onChange((d) => ({ ...d, responsibleIds }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.sender')} htmlFor="inbox-filter-sender" style={ITEM}>
            <RuleSelect
              id="inbox-filter-sender"
              value={draft.senderIds}
              options={[
                { value: ANYONE, label: t('filters.sender_anyone') },
                { value: NOBODY, label: t('filters.sender_nobody') },
                ...mine,
              ]}
              pick={toggleSender}
              onChange={(senderIds) => onChange((d) => ({ ...d, senderIds }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item label={t('filters.participants')} htmlFor="inbox-filter-participants" style={ITEM}>
        <ParticipantSelect
          id="inbox-filter-participants"
          value={draft.participantIds}
          onChange={(participantIds) => onChange((d) => ({ ...d, participantIds }))}
          staff={staff}
          companyIds={scopeCompanies}
          categoryIds={categoryIds}
          people={people}
        />
      </Form.Item>
      {staff && (
        <Form.Item label={t('filters.workflow')} htmlFor="inbox-filter-workflow" style={ITEM}>
          <WorkflowSelect
            id="inbox-filter-workflow"
            value={draft.workflowIds}
            onChange={(workflowIds) => onChange((d) => ({ ...d, workflowIds }))}
            companyIds={scopeCompanies}
            categoryIds={categoryIds}
          />
        </Form.Item>
      )}
      {companies.length > 0 && (
        <Form.Item label={t('filters.companies')} htmlFor="inbox-filter-companies" style={ITEM}>
          <Select
            {...multiplePicker('inbox-filter-companies', draft.companyIds, companies, clearable)}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.any')}
            onChange={(companyIds: string[]) => onChange((d) => ({ ...d, companyIds }))}
          />
        </Form.Item>
      )}
      <Form.Item label={t('filters.priority')} style={ITEM}>
        <Checkbox.Group
          aria-label={t('filters.priority')}
          value={[...draft.priority]}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          onChange={(priority) => onChange((d) => ({ ...d, priority }))}
        />
      </Form.Item>
      <Form.Item label={t('filters.status')} style={ITEM}>
        <Checkbox.Group
          aria-label={t('filters.status')}
          value={[...draft.statuses]}
          options={STATUS_GROUPS.map((s) => ({ value: s, label: t(`filters.status_group.${s}`) }))}
          onChange={(statuses) => onChange((d) => ({ ...d, statuses }))}
        />
      </Form.Item>
      <Form.Item label={t('filters.due_date')} style={ITEM}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select<DueRangePreset>
            aria-label={t('filters.due_preset')}
            value={null as unknown as DueRangePreset}
            placeholder={t('filters.due_preset')}
            options={DUE_RANGE_PRESETS.map((p) => ({ value: p, label: t(`filters.due_presets.${p}`) }))}
            onChange={(preset) => onChange((d) => ({ ...d, ...dueRangePreset(preset, dayjs()) }))}
            style={{ width: '100%' }}
          />
          <DatePicker.RangePicker
            aria-label={t('filters.due_date')}
            value={range}
            allowEmpty={[true, true]}
            onChange={(values) =>
              onChange((d) => ({
                ...d,
                dueDateFrom: values?.[0] ? values[0].format('YYYY-MM-DD') : null,
                dueDateTo: values?.[1] ? values[1].format('YYYY-MM-DD') : null,
              }))
            }
            style={{ width: '100%' }}
          />
        </Space>
      </Form.Item>
      <Form.Item label={t('filters.more')} style={ITEM}>
        <Checkbox.Group
          aria-label={t('filters.more')}
          value={[...draft.flags]}
          options={FLAG_FILTERS.map((f) => ({ value: f, label: t(`filters.flag.${f}`) }))}
          onChange={(flags) => onChange((d) => ({ ...d, flags }))}
          style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 4 }}
        />
      </Form.Item>
    </Form>
  );
}
