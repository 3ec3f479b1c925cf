import { formatDateTime } from '../../../app/i18n/dates';
import { formatDateTimeIn } from '../../../app/i18n/zonedDates';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, DatePicker, Flex, InputNumber, Radio, Select, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_ZONES,
  WEEKDAYS,
  MAX_OFFSET_DAYS,
  MAX_PERIOD_OFFSET,
  WEEK_ORDINALS,
  NAMED_OFFSETS,
  PERIOD_UNITS,
  defaultAnchor,
  defaultSchedule,
  offsetName,
  scheduleProblems,
  triggerZone,
  type AnchorForm,
  type NamedOffset,
  type ReportingPeriod,
  type ScheduleForm,
  type TriggerForm,
} from './triggerData';

// the trigger's dates and times are read strictly in their wire formats (YYYY-MM-DD, HH:mm);
// the plugin stays with the pickers' chunk, out of the shell's first load
dayjs.extend(customParseFormat);

export interface AnchorFieldOption {
  readonly id: string;
  readonly title: string;
}

interface TriggerEditorProps {
  readonly trigger: TriggerForm;
  readonly index: number;
  readonly hasParameters: boolean;
  readonly anchorFields: readonly AnchorFieldOption[];
  readonly nextRunAt?: string | null;
  /** The saved trigger's time zone: nextRunAt is shown in it. */
  readonly nextRunZone?: string;
  readonly nextRunError?: string | null;
  readonly onChange: (t: TriggerForm) => void;
  readonly onRemove: () => void;
}

function Row({ label, children, htmlFor }: { readonly label: string; readonly children: ReactNode; readonly htmlFor?: string }) {
  return (
    <Flex gap={8} align="center" wrap>
      {htmlFor ? (
        <label htmlFor={htmlFor} style={{ minWidth: 130 }}>
          {label}
        </label>
      ) : (
        <Typography.Text style={{ minWidth: 130 }}>{label}</Typography.Text>
      )}
      <div style={{ flex: '1 1 200px', minWidth: 0 }}>{children}</div>
    </Flex>
  );
}

/** One trigger of a company workflow: manual, a schedule (recurrence), or an anchor date. */
export function TriggerEditor({ trigger, index, hasParameters, anchorFields, nextRunAt, nextRunZone, nextRunError, onChange, onRemove }: TriggerEditorProps) {
  const { t } = useTranslation('workflowRuns');
  const id = `trigger-${index}`;
  const typeLabel = t('trigger.type_label');
  return (
    <Card
      size="small"
      data-testid="trigger-card"
      title={t('trigger.title', { n: index + 1 })}
      extra={
        <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('trigger.remove', { n: index + 1 })}>
          {t('trigger.remove_short')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Row label={typeLabel} htmlFor={`${id}-type`}>
          <Select
            id={`${id}-type`}
            style={{ width: '100%', maxWidth: 260 }}
            value={trigger.triggerType}
            onChange={(v: TriggerForm['triggerType']) => onChange(changeType(trigger, v))}
            options={[
              { value: 'manual', label: t('trigger.type.manual') },
              { value: 'schedule', label: t('trigger.type.schedule'), disabled: hasParameters && trigger.triggerType !== 'schedule' },
              { value: 'anchor_date', label: t('trigger.type.anchor_date') },
            ]}
          />
        </Row>
        {hasParameters && trigger.triggerType !== 'schedule' ? (
          <Typography.Text type="secondary">{t('trigger.schedule_unavailable')}</Typography.Text>
        ) : null}
        {trigger.triggerType === 'manual' ? <Typography.Text type="secondary">{t('trigger.manual_help')}</Typography.Text> : null}
        {trigger.triggerType === 'schedule' ? (
          <ScheduleFields id={id} value={trigger.schedule} onChange={(schedule) => onChange({ ...trigger, schedule })} />
        ) : null}
        {trigger.triggerType === 'anchor_date' ? (
          <AnchorFields id={id} value={trigger.anchor} fields={anchorFields} onChange={(anchor) => onChange({ ...trigger, anchor })} />
        ) : null}
        {trigger.uuid && nextRunAt ? (
          <Typography.Text type="secondary">{nextRunZone
              ? t('trigger.next_saved_in_zone', { date: formatDateTimeIn(nextRunAt, nextRunZone), zone: nextRunZone })
              : t('trigger.next_saved', { date: formatDateTime(nextRunAt) })}</Typography.Text>
        ) : null}
        {trigger.uuid && nextRunError ? <Alert type="warning" showIcon title={t('trigger.next_broken')} /> : null}
      </Flex>
    </Card>
  );
}

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';
const STORAGE_TODAY = () => dayjs().format(DATE);

// The pickers show dates and times in the language's formats (antd's locale, App.tsx); the form
// and the server keep YYYY-MM-DD and HH:mm. Every one of them is required: none can be cleared.
const picked = (value: string, format: string): Dayjs | null => {
  const d = dayjs(value, format, true);
  return d.isValid() ? d : null;
};

interface PickerFieldProps {
  /** The input's id, for a <label htmlFor>; or else its accessible name. */
  readonly id?: string;
  readonly ariaLabel?: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

function DateField({ id, ariaLabel, value, onChange }: PickerFieldProps) {
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel}
      style={{ width: 200, maxWidth: '100%' }}
      allowClear={false}
      value={picked(value, DATE)}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(DATE) : '')}
    />
  );
}

function TimeField({ id, ariaLabel, value, onChange }: PickerFieldProps) {
  return (
    <TimePicker
      id={id}
      aria-label={ariaLabel}
      style={{ width: 140 }}
      allowClear={false}
      needConfirm={false}
      value={picked(value, TIME)}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(TIME) : '')}
    />
  );
}

function changeType(tr: TriggerForm, type: TriggerForm['triggerType']): TriggerForm {
  const base = { key: tr.key, ...(tr.uuid ? { uuid: tr.uuid } : {}), ...(tr.saved ? { saved: tr.saved } : {}) };
  const zone = triggerZone(tr) ?? 'UTC';
  if (type === 'schedule') return { ...base, triggerType: 'schedule', schedule: defaultSchedule(STORAGE_TODAY(), zone) };
  if (type === 'anchor_date') return { ...base, triggerType: 'anchor_date', anchor: defaultAnchor(zone) };
  return { ...base, triggerType: 'manual' };
}

function ZoneSelect({ id, value, onChange }: { readonly id: string; readonly value: string; readonly onChange: (v: string) => void }) {
  const zones = [...new Set([...Object.values(COUNTRY_ZONES), 'UTC', value])];
  return <Select id={id} style={{ width: '100%', maxWidth: 260 }} value={value} onChange={onChange} options={zones.map((z) => ({ value: z, label: z }))} />;
}

function ScheduleFields({ id, value: f, onChange }: { readonly id: string; readonly value: ScheduleForm; readonly onChange: (f: ScheduleForm) => void }) {
  const { t } = useTranslation('workflowRuns');
  const set = (change: Partial<ScheduleForm>) => onChange({ ...f, ...change });
  const problems = scheduleProblems(f);
  const weekdayOptions = WEEKDAYS.map((w) => ({ value: w, label: t(`weekday.${w}`) }));
  const months = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: dayjs().month(i).format('MMMM') }));
  const everyUnit = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' } as const;
  return (
    <Flex vertical gap={12}>
      <Row label={t('schedule.repeat')} htmlFor={`${id}-repeat`}>
        <Select
          id={`${id}-repeat`}
          style={{ width: '100%', maxWidth: 260 }}
          value={f.type}
          onChange={(type: ScheduleForm['type']) => set({ type })}
          options={(['daily', 'weekly', 'monthly', 'yearly'] as const).map((v) => ({ value: v, label: t(`schedule.type.${v}`) }))}
        />
      </Row>
      {f.type === 'daily' ? (
        <Radio.Group
          aria-label={t('schedule.repeat')}
          value={f.dailyType}
          onChange={(e) => set({ dailyType: e.target.value as ScheduleForm['dailyType'] })}
          options={[
            { value: 'every_n_days', label: t('schedule.every_n_days') },
            { value: 'every_weekday', label: t('schedule.every_weekday') },
          ]}
        />
      ) : null}
      {!(f.type === 'daily' && f.dailyType === 'every_weekday') ? (
        <Row label={t('schedule.every')} htmlFor={`${id}-interval`}>
          <Flex gap={8} align="center">
            <InputNumber id={`${id}-interval`} min={1} max={999} value={f.interval} onChange={(v) => set({ interval: v ?? 1 })} />
            <span>{t(`schedule.unit.${everyUnit[f.type]}`)}</span>
          </Flex>
        </Row>
      ) : null}
      {f.type === 'weekly' ? (
        <Row label={t('schedule.on_weekdays')}>
          <Checkbox.Group
            aria-label={t('schedule.on_weekdays')}
            value={[...f.weekdays]}
            onChange={(v) => set({ weekdays: v as ScheduleForm['weekdays'] })}
            options={weekdayOptions}
          />
        </Row>
      ) : null}
      {f.type === 'monthly' || f.type === 'yearly' ? (
        <>
          {f.type === 'yearly' ? (
            <Row label={t('schedule.month')} htmlFor={`${id}-month`}>
              <Select id={`${id}-month`} style={{ width: 200 }} value={f.month} onChange={(month: number) => set({ month })} options={months} />
            </Row>
          ) : null}
          <Radio.Group
            aria-label={t('schedule.on')}
            value={f.dayType}
            onChange={(e) => set({ dayType: e.target.value as ScheduleForm['dayType'] })}
            options={[
              { value: 'day_of_month', label: t('schedule.on_day') },
              { value: 'weekday_of_month', label: t('schedule.on_nth_weekday') },
            ]}
          />
          {f.dayType === 'day_of_month' ? (
            <Row label={t('schedule.day')} htmlFor={`${id}-day`}>
              <InputNumber id={`${id}-day`} min={1} max={31} value={f.day} onChange={(v) => set({ day: v ?? 1 })} />
            </Row>
          ) : (
            <Row label={t('schedule.on')}>
              <Flex gap={8} wrap>
                <Select
                  aria-label={t('schedule.week')}
                  style={{ width: 130 }}
                  value={f.week}
                  onChange={(week: ScheduleForm['week']) => set({ week })}
                  options={WEEK_ORDINALS.map((w) => ({ value: w, label: t(`schedule.ordinal.${w}`) }))}
                />
                <Select
                  aria-label={t('schedule.weekday')}
                  style={{ width: 150 }}
                  value={f.weekday}
                  onChange={(weekday: ScheduleForm['weekday']) => set({ weekday })}
                  options={weekdayOptions}
                />
              </Flex>
            </Row>
          )}
        </>
      ) : null}
      <ReportingPeriodField id={id} value={f.reportingPeriod} onChange={(reportingPeriod) => set({ reportingPeriod })} />
      <Row label={t('schedule.start_date')} htmlFor={`${id}-start`}>
        <DateField id={`${id}-start`} value={f.startDate} onChange={(startDate) => set({ startDate })} />
      </Row>
      <Row label={t('schedule.time_of_day')} htmlFor={`${id}-time`}>
        <TimeField id={`${id}-time`} value={f.timeOfDay} onChange={(timeOfDay) => set({ timeOfDay })} />
      </Row>
      <Row label={t('schedule.time_zone')} htmlFor={`${id}-zone`}>
        <ZoneSelect id={`${id}-zone`} value={f.timeZone} onChange={(timeZone) => set({ timeZone })} />
      </Row>
      <Row label={t('schedule.ends')}>
        <Flex vertical gap={8}>
          <Radio.Group
            aria-label={t('schedule.ends')}
            value={f.endType}
            onChange={(e) => set({ endType: e.target.value as ScheduleForm['endType'] })}
            options={[
              { value: 'no_end', label: t('schedule.end.no_end') },
              { value: 'end_by_date', label: t('schedule.end.end_by_date') },
              { value: 'end_after_occurrences', label: t('schedule.end.end_after_occurrences') },
            ]}
          />
          {f.endType === 'end_by_date' ? (
            <DateField ariaLabel={t('schedule.end_date')} value={f.endDate} onChange={(endDate) => set({ endDate })} />
          ) : null}
          {f.endType === 'end_after_occurrences' ? (
            <InputNumber
              aria-label={t('schedule.occurrences')}
              min={1}
              max={10000}
              value={f.occurrences}
              onChange={(v) => set({ occurrences: v ?? 1 })}
            />
          ) : null}
        </Flex>
      </Row>
      {problems.length > 0 ? (
        <Alert type="error" showIcon role="alert" title={problems.map((p) => t(p as 'trigger.problem.end_before_start')).join(' ')} />
      ) : null}
    </Flex>
  );
}

type PeriodChoice = 'none' | NamedOffset | 'other';

/**
 * The period each run reports on: none, or the previous, current or next period of a unit (another
 * number of periods under Other, which keeps whatever offset the data has).
 */
function ReportingPeriodField({
  id,
  value,
  onChange,
}: {
  readonly id: string;
  readonly value: ReportingPeriod | null;
  readonly onChange: (v: ReportingPeriod | null) => void;
}) {
  const { t } = useTranslation('workflowRuns');
  const [other, setOther] = useState(() => value !== null && offsetName(value.offset) === undefined);
  const choice: PeriodChoice = value === null ? 'none' : other ? 'other' : (offsetName(value.offset) ?? 'other');
  const choose = (c: PeriodChoice) => {
    setOther(c === 'other');
    if (c === 'none') onChange(null);
    else if (c !== 'other') onChange({ unit: value?.unit ?? 'month', offset: NAMED_OFFSETS[c] });
    else if (!value) onChange({ unit: 'month', offset: -2 });
  };
  return (
    <Flex vertical gap={4}>
      <Row label={t('schedule.reporting_period')} htmlFor={`${id}-period`}>
        <Flex gap={8} wrap align="center">
          <Select
            id={`${id}-period`}
            style={{ width: 140 }}
            value={choice}
            aria-describedby={`${id}-period-help`}
            onChange={choose}
            options={(['none', 'previous', 'current', 'next', 'other'] as const).map((c) => ({ value: c, label: t(`schedule.reporting.${c}`) }))}
          />
          {value ? (
            <Select
              aria-label={t('schedule.reporting_unit')}
              style={{ width: 150 }}
              value={value.unit}
              onChange={(unit: ReportingPeriod['unit']) => onChange({ ...value, unit })}
              options={PERIOD_UNITS.map((u) => ({ value: u, label: t(`schedule.period_unit.${u}`) }))}
            />
          ) : null}
          {value && choice === 'other' ? (
            <InputNumber
              aria-label={t('schedule.reporting_offset')}
              aria-describedby={`${id}-period-offset-help`}
              min={-MAX_PERIOD_OFFSET}
              max={MAX_PERIOD_OFFSET}
              precision={0}
              value={value.offset}
              onChange={(v) => onChange({ ...value, offset: v ?? 0 })}
            />
          ) : null}
        </Flex>
      </Row>
      <Typography.Text type="secondary" id={`${id}-period-help`}>
        {t('schedule.reporting_help')}
      </Typography.Text>
      {value && choice === 'other' ? (
        <Typography.Text type="secondary" id={`${id}-period-offset-help`}>
          {t('schedule.reporting_offset_help')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function AnchorFields({
  id,
  value: f,
  fields,
  onChange,
}: {
  readonly id: string;
  readonly value: AnchorForm;
  readonly fields: readonly AnchorFieldOption[];
  readonly onChange: (f: AnchorForm) => void;
}) {
  const { t } = useTranslation('workflowRuns');
  const set = (change: Partial<AnchorForm>) => onChange({ ...f, ...change });
  return (
    <Flex vertical gap={12}>
      <Row label={t('anchor.field')} htmlFor={`${id}-field`}>
        <Select
          id={`${id}-field`}
          style={{ width: '100%', maxWidth: 320 }}
          value={f.dynamicFieldId || undefined}
          placeholder={t('anchor.field_placeholder')}
          notFoundContent={t('anchor.no_fields')}
          onChange={(dynamicFieldId: string) => set({ dynamicFieldId })}
          options={fields.map((d) => ({ value: d.id, label: d.title }))}
        />
      </Row>
      <Typography.Text type="secondary">{t('anchor.help')}</Typography.Text>
      <Row label={t('anchor.offset_days')} htmlFor={`${id}-offset`}>
        <Flex gap={8} align="center" wrap>
          <InputNumber
            id={`${id}-offset`}
            min={-MAX_OFFSET_DAYS}
            max={MAX_OFFSET_DAYS}
            precision={0}
            value={f.offsetDays}
            aria-describedby={`${id}-offset-help`}
            onChange={(v) => set({ offsetDays: v ?? 0 })}
          />
          <Typography.Text type="secondary" id={`${id}-offset-help`}>
            {t('anchor.offset_help')}
          </Typography.Text>
        </Flex>
      </Row>
      <Row label={t('schedule.time_of_day')} htmlFor={`${id}-atime`}>
        <TimeField id={`${id}-atime`} value={f.timeOfDay} onChange={(timeOfDay) => set({ timeOfDay })} />
      </Row>
      <Row label={t('schedule.time_zone')} htmlFor={`${id}-azone`}>
        <ZoneSelect id={`${id}-azone`} value={f.timeZone} onChange={(timeZone) => set({ timeZone })} />
      </Row>
    </Flex>
  );
}
