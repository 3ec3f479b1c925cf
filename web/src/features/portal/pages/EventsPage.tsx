import { DatePicker, Flex, Select, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTimeSeconds } from '../../../app/i18n/dates';
import { AdminSearch, AdminTable } from '../../../shared/admin';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useEventsLog } from '../hooks/useEventsLog';
import { useEventsLogUsers } from '../hooks/useEventsLogUsers';
import { EVENT_CATEGORIES, defaultEventsFilters, eventText, type EventEntry, type EventUser } from '../utils/eventsLog';
import { useClearable } from '../../../shared/forms/useClearable';

/** /:selected_company_id?/logs (Events, spec 002 §2.16): search, category, date range and user filters, the table. */
export function EventsPage() {
  const { t, i18n } = useTranslation('portal');
  const clearable = useClearable();
  const title = t('events.title');
  useDocumentTitle(title);
  const { selected_company_id: companyId = null } = useParams();
  const defaults = useMemo(() => defaultEventsFilters(new Date()), []);
  const list = useEventsLog(defaults, companyId);
  const [userSearch, setUserSearch] = useState('');
  const matches = useEventsLogUsers(userSearch);
  // the users met so far (matches and the entries' writers), so the picked one keeps its name
  const [known, setKnown] = useState<ReadonlyMap<string, EventUser>>(new Map());
  const met = [...matches.users, ...list.rows.flatMap((e) => (e.user_id ? [e.user_id] : []))];
  const unknownMet = met.some((u) => !known.has(u.uuid));
  useEffect(() => {
    if (unknownMet) setKnown((m) => new Map([...m, ...met.map((u) => [u.uuid, u] as const)]));
  }, [unknownMet]);
  const picked = list.filters.userId ? known.get(list.filters.userId) : undefined;
  const userOptions = [...matches.users, ...(picked && !matches.users.some((u) => u.uuid === picked.uuid) ? [picked] : [])].map(
    (u) => ({ value: u.uuid, label: `${u.name} (${u.email})` }),
  );

  // the texts of event names, categories and reasons, which the server's code decides (TestEveryEventKindHasAText)
  const textOf = (key: string): string | null => (i18n.exists(key, { ns: 'portal' }) ? t(key as 'events.title') : null);
  const categoryText = (c: string): string => textOf(`events.category.${c}`) ?? c;

  const columns: TableColumnsType<EventEntry> = [
    {
      key: 'time',
      title: t('events.time'),
      width: 170,
      render: (_, e) => formatDateTimeSeconds(e.updated_at),
    },
    { key: 'category', title: t('events.category_label'), width: 150, responsive: ['md'], render: (_, e) => categoryText(e.event_category) },
    { key: 'event', title: t('events.event'), render: (_, e) => <span style={{ overflowWrap: 'anywhere' }}>{eventText(e, textOf)}</span> },
    {
      key: 'user',
      title: t('events.user'),
      render: (_, e) =>
        e.user_id ? (
          <Typography.Text type={e.user_id.active ? undefined : 'secondary'}>{e.user_id.name || e.user_id.email}</Typography.Text>
        ) : (
          t('events.api')
        ),
    },
    ...(companyId ? [] : [{ key: 'company', title: t('events.company'), responsive: ['md' as const], render: (_: unknown, e: EventEntry) => e.company?.name ?? '' }]),
    { key: 'ip', title: t('events.ip'), responsive: ['md'], render: (_, e) => e.ip ?? '' },
  ];

  const f = list.filters;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={12} wrap align="center">
        <div style={{ flex: '1 1 220px', maxWidth: 320 }}>
          <AdminSearch value={f.search} onSearch={(search) => list.setFilters({ search })} label={t('events.search')} />
        </div>
        <Select
          aria-label={t('events.category_label')}
          placeholder={t('events.all_categories')}
          allowClear={clearable}
          value={f.category}
          onChange={(category: string | undefined) => list.setFilters({ category: category ?? null })}
          options={EVENT_CATEGORIES.map((c) => ({ value: c, label: categoryText(c) }))}
          style={{ width: 200 }}
          data-testid="events-category"
        />
        <DatePicker.RangePicker
          aria-label={t('events.date_range')}
          allowClear={false}
          value={[f.dateFrom ? dayjs(f.dateFrom) : null, f.dateTo ? dayjs(f.dateTo) : null]}
          onChange={(range) => {
            const [from, to] = range ?? [null, null];
            list.setFilters({ dateFrom: from ? from.format('YYYY-MM-DD') : '', dateTo: to ? to.format('YYYY-MM-DD') : '' });
          }}
          style={{ maxWidth: '100%' }}
        />
        <Select
          aria-label={t('events.user')}
          placeholder={t('events.all_users')}
          allowClear={clearable}
          showSearch={{ filterOption: false, onSearch: setUserSearch }}
          loading={matches.loading}
          value={f.userId}
          onChange={(userId: string | undefined) => list.setFilters({ userId: userId ?? null })}
          options={userOptions}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="events-user"
        />
      </Flex>
      {list.errorMessage ? <Typography.Text type="danger">{t('events.refused', { reason: list.errorMessage })}</Typography.Text> : null}
      <div style={{ overflowX: 'auto' }}>
        <AdminTable list={list} columns={columns} rowKey={(e) => String(e.id)} label={title} empty={{ description: t('events.empty') }} />
      </div>
    </Flex>
  );
}
