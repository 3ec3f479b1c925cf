import { PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlagFilter, InboxFilterState } from '../../task-list';
import { FiltersPopover, type PersonOption } from '../../task-list';
import { SearchBox } from '../../task-list';
import { CONTENT_TOGGLES, DUE_TOGGLES, headerControls } from '../utils/layout';

export interface TasksHeaderProps {
  /** The window's width: which filters show depends on it. */
  readonly width: number;
  readonly filters: InboxFilterState;
  readonly meId: string;
  /** Companies for the filters popover (empty with one company selected). */
  readonly companies: readonly PersonOption[];
  /** People for the popover's assignee and sender pickers. */
  readonly people: readonly PersonOption[];
  readonly onFilters: (filters: InboxFilterState) => void;
  readonly onQuery: (query: string) => void;
  readonly onToggleFlag: (flag: FlagFilter) => void;
  readonly onDueRange: (from: string | null, to: string | null) => void;
  /** The assignee switcher (shown on wide windows). */
  readonly assigneeSwitcher?: ReactNode;
  readonly onAddNew: () => void;
}

const ISO = 'YYYY-MM-DD';

/**
 * The tasks page's header: title, the filters the window's width allows (due-date range,
 * assignee, search, content and due-date toggles), the filters popover and Add new.
 */
export function TasksHeader({
  width,
  filters,
  meId,
  companies,
  people,
  onFilters,
  onQuery,
  onToggleFlag,
  onDueRange,
  assigneeSwitcher,
  onAddNew,
}: TasksHeaderProps) {
  const { t } = useTranslation('tasks');
  const { t: tInbox } = useTranslation('inbox');
  const show = headerControls(width);
  const toggle = (flag: FlagFilter) => {
    const on = filters.flags.includes(flag);
    return (
      <Button
        key={flag}
        size="small"
        color="primary"
        variant={on ? 'solid' : 'outlined'}
        aria-pressed={on}
        onClick={() => onToggleFlag(flag)}
      >
        {tInbox(`filters.flag.${flag}`)}
      </Button>
    );
  };
  const range: [Dayjs | null, Dayjs | null] = [
    filters.dueDateFrom ? dayjs(filters.dueDateFrom) : null,
    filters.dueDateTo ? dayjs(filters.dueDateTo) : null,
  ];

  return (
    <Flex align="center" gap={12} wrap data-testid="tasks-header">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0, marginInlineEnd: 8 }}>
        {t('page.title')}
      </Typography.Title>
      {show.search && (
        <div style={{ width: 240 }} data-testid="tasks-search">
          <SearchBox value={filters.query} onSearch={onQuery} />
        </div>
      )}
      {show.contentToggles && (
        <Flex gap={4} role="group" aria-label={t('header.content_toggles')} data-testid="tasks-content-toggles">
          {CONTENT_TOGGLES.map(toggle)}
        </Flex>
      )}
      {show.dueToggles && (
        <Flex gap={4} role="group" aria-label={t('header.due_toggles')} data-testid="tasks-due-toggles">
          {DUE_TOGGLES.map(toggle)}
        </Flex>
      )}
      {show.assignee && assigneeSwitcher}
      {show.dueDateRange && (
        <span data-testid="tasks-due-range">
          <DatePicker.RangePicker
            aria-label={t('header.due_range')}
            placeholder={[t('header.due_from'), t('header.due_to')]}
            value={range}
            allowEmpty={[true, true]}
            onChange={(values) =>
              onDueRange(values?.[0] ? values[0].format(ISO) : null, values?.[1] ? values[1].format(ISO) : null)
            }
          />
        </span>
      )}
      <FiltersPopover
        filters={filters}
        staff
        meId={meId}
        companies={companies}
        people={people}
        onApply={onFilters}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={onAddNew} style={{ marginInlineStart: 'auto' }}>
        {t('header.add_new')}
      </Button>
    </Flex>
  );
}
