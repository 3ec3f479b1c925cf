import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANCHOR_DATE_TYPES,
  DEFAULT_ANCHOR_DATE,
  HOLIDAY_HANDLINGS,
  dayNumbers,
  hasInterval,
  intervalUnit,
  nominalDates,
  withType,
  yearOptions,
  type AnchorDate,
} from './anchorDate';

export interface AnchorDateModalProps {
  readonly title: string;
  readonly value: AnchorDate | null;
  readonly onSave: (value: AnchorDate) => void;
  readonly onClose: () => void;
}

/** Edits an anchor-date field: the rule naming a day, its interval and holiday handling (spec 002 §3, §5). */
export function AnchorDateModal({ title, value, onSave, onClose }: AnchorDateModalProps) {
  const { t } = useTranslation('companies');
  const [anchor, setAnchor] = useState<AnchorDate>(value ?? DEFAULT_ANCHOR_DATE);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const valid = Number.isInteger(anchor.following_interval) && anchor.following_interval >= 0;
  const dayLabel = (n: number): string => {
    switch (anchor.date_type) {
      case 'day_of_week':
      case 'day_of_following_week':
        return dayjs().day(n % 7).format('dddd');
      case 'month_of_year':
        return dayjs().month(n - 1).format('MMMM');
      case 'week_of_month':
        return t('anchor.week_n', { n });
      default:
        return String(n);
    }
  };
  const preview = nominalDates(anchor, year);
  return (
    <Modal
      open
      title={title}
      okText={t('anchor.save')}
      cancelText={t('anchor.cancel')}
      okButtonProps={{ disabled: !valid }}
      onOk={() => onSave(anchor)}
      onCancel={onClose}
      width={460}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('anchor.date_type')} htmlFor="anchor-date-type">
          <Select
            id="anchor-date-type"
            value={anchor.date_type}
            onChange={(type) => setAnchor(withType(anchor, type))}
            options={ANCHOR_DATE_TYPES.map((type) => ({ value: type, label: t(`anchor.type.${type}`), title: t(`anchor.type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('anchor.day_number')} htmlFor="anchor-day-number">
          <Select
            id="anchor-day-number"
            // up to 31 days: typed to find one, as the list shows only some at a time
            showSearch
            optionFilterProp="title"
            value={anchor.day_number}
            onChange={(day_number) => setAnchor({ ...anchor, day_number })}
            options={dayNumbers(anchor.date_type).map((n) => ({ value: n, label: dayLabel(n), title: dayLabel(n) }))}
          />
        </Form.Item>
        {hasInterval(anchor.date_type) ? (
          <Form.Item
            label={t(`anchor.following_interval_${intervalUnit(anchor.date_type)}`)}
            htmlFor="anchor-interval"
            validateStatus={valid ? undefined : 'error'}
            help={valid ? undefined : t('anchor.interval_invalid')}
          >
            <InputNumber
              id="anchor-interval"
              min={0}
              precision={0}
              value={anchor.following_interval}
              onChange={(n) => setAnchor({ ...anchor, following_interval: typeof n === 'number' ? n : -1 })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('anchor.holiday_handling')} htmlFor="anchor-holiday">
          <Select
            id="anchor-holiday"
            value={anchor.holiday_handling}
            onChange={(holiday_handling) => setAnchor({ ...anchor, holiday_handling })}
            options={HOLIDAY_HANDLINGS.map((h) => ({ value: h, label: t(`anchor.holiday.${h}`), title: t(`anchor.holiday.${h}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('anchor.year')} htmlFor="anchor-year" style={{ marginBottom: 8 }}>
          <Select
            id="anchor-year"
            value={year}
            onChange={setYear}
            options={yearOptions().map((y) => ({ value: y, label: String(y) }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('anchor.preview', { dates: preview.map((d) => dayjs(d).format('D.M.')).join(', ') })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}

/** A one-line summary of an anchor date for the field's view. */
export function useAnchorSummary(): (value: AnchorDate | null) => string {
  const { t } = useTranslation('companies');
  return (value) => {
    if (!value) return t('anchor.not_set');
    const day =
      value.date_type === 'day_of_week' || value.date_type === 'day_of_following_week'
        ? dayjs().day(value.day_number % 7).format('dddd')
        : value.date_type === 'month_of_year'
          ? dayjs().month(value.day_number - 1).format('MMMM')
          : String(value.day_number);
    return t(`anchor.summary.${value.date_type}`, { day, interval: value.following_interval });
  };
}
