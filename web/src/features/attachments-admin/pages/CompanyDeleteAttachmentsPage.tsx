import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  App,
  Breadcrumb,
  Button,
  DatePicker,
  Empty,
  Flex,
  Result,
  Select,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { paths } from '../../../app/router/paths';
import type { AllInboxAttachmentsQuery } from '../../../gql/graphql';
import { AdminSearch, readTableState, writeTableState } from '../../../shared/admin';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ShortText } from '../../../shared/ui/ShortText';
import { ALL_INBOX_ATTACHMENTS, ATTACHMENTS_ADMIN_COMPANY, SYSTEM_DELETE_ATTACHMENTS } from '../graphql/attachmentsAdmin';
import { useUndoOffers } from '../hooks/useUndoOffers';
import { formatSize } from '../utils/formatSize';
import { DataTable } from '../../../shared/table/DataTable';

type Row = AllInboxAttachmentsQuery['allInboxAttachments']['attachments'][number];

/** Spec 002 §2.9: page sizes 5, 10, 15, 25, 50, 100; default 10. */
const PAGE_SIZES = [5, 10, 15, 25, 50, 100];
const TABLE = 'delete_attachments';

const today = () => dayjs().format('YYYY-MM-DD');

/**
 * /companies/:selected_company_id/delete-attachments (admin panel, spec 002 §2.9): a company's
 * attachments by name, category and upload date (default today), deleted in bulk; a deletion can
 * be undone for a minute, also after a reload.
 */
export function CompanyDeleteAttachmentsPage() {
  const { t } = useTranslation('attachmentsAdmin');
  const { t: ta } = useTranslation('admin');
  const { modal } = App.useApp();
  const { selected_company_id: companyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => ({ search: '', categoryId: '', from: today(), to: today(), limit: 10 }), []);
  const state = readTableState(params, TABLE, defaults);
  const { search, categoryId, from, to } = state.filters;
  const limit = PAGE_SIZES.includes(state.filters.limit) ? state.filters.limit : 10;
  const [selected, setSelected] = useState<string[]>([]);

  const companyQuery = useQuery(ATTACHMENTS_ADMIN_COMPANY, { variables: { id: companyId } });
  const { data, previousData, loading, error, refetch } = useQuery(ALL_INBOX_ATTACHMENTS, {
    variables: {
      companyId,
      search: search || undefined,
      categoryId: categoryId || undefined,
      dateFrom: from ? dayjs(from).startOf('day').toISOString() : undefined,
      dateTo: to ? dayjs(to).add(1, 'day').startOf('day').toISOString() : undefined,
      limit,
      page: state.page,
    },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const answer = (data ?? previousData)?.allInboxAttachments;
  const [systemDelete, deleting] = useMutation(SYSTEM_DELETE_ATTACHMENTS);
  const { offer } = useUndoOffers(companyId, () => void refetch().catch(() => undefined));

  const companyName = companyQuery.data?.company?.name;
  const title = ta('page.CompanyDeleteAttachments');
  useDocumentTitle(title);

  const change = (filters: Partial<typeof defaults>, page = 1) => {
    setSelected([]);
    setParams((p) => writeTableState(p, TABLE, { filters: { ...readTableState(p, TABLE, defaults).filters, ...filters }, page }, defaults));
  };

  const rows = answer?.attachments ?? [];
  const chosen = rows.filter((r) => selected.includes(r.uuid));
  const allowed = chosen.filter((r) => r.canDestroy);
  const refused = chosen.filter((r) => !r.canDestroy);

  const confirmDelete = () => {
    modal.confirm({
      title: t('confirm.title', { count: allowed.length }),
      width: 460,
      content: (
        <Flex vertical gap="small">
          {allowed.length > 0 ? <Typography.Text>{t('confirm.text', { count: allowed.length })}</Typography.Text> : null}
          {refused.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('confirm.not_allowed', { count: refused.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {refused.map((r) => (
                    <li key={r.uuid} style={{ wordBreak: 'break-all' }}>
                      {r.filename}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </Flex>
      ),
      okText: t('confirm.ok'),
      okButtonProps: { danger: true, style: allowed.length === 0 ? { display: 'none' } : undefined },
      cancelText: t('confirm.cancel'),
      onOk: async () => {
        const result = (
          await systemDelete({ variables: { companyId, attachmentIds: allowed.map((r) => r.uuid) } }).catch(() => null)
        )?.data?.systemDeleteAttachments;
        if (result?.errors.length) {
          reportServerErrors(result.errors);
          return;
        }
        const entity = result?.deletableEntity;
        if (!entity) {
          reportUnexpectedError();
          return;
        }
        setSelected([]);
        offer(entity.id, entity.attachmentIds.length);
        void refetch().catch(() => undefined);
      },
    });
  };

  const categoryName = (id: string) => answer?.categories.find((c) => c.id === id)?.name ?? '';
  const columns: TableColumnsType<Row> = [
    {
      key: 'filename',
      title: t('table.file'),
      render: (_, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <a href={r.url} style={{ wordBreak: 'break-all' }}>
            {r.filename}
          </a>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <ShortText text={r.taskTitle} />
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'category', title: t('table.category'), responsive: ['md'], render: (_, r) => categoryName(r.categoryId) },
    { key: 'uploader', title: t('table.uploader'), responsive: ['lg'], render: (_, r) => r.uploader?.name ?? '–' },
    {
      key: 'uploadedAt',
      title: t('table.uploaded_at'),
      responsive: ['sm'],
      render: (_, r) => dayjs(r.uploadedAt).format('D MMM YYYY HH:mm'),
    },
    { key: 'size', title: t('table.size'), responsive: ['md'], align: 'end', render: (_, r) => formatSize(r.fileSize) },
  ];

  const breadcrumb = [
    { key: 'companies', title: <Link to={paths.companies()}>{ta('page.Companies')}</Link> },
    ...(companyName ? [{ key: 'company', title: <Link to={paths.company(companyId)}>{companyName}</Link> }] : []),
    { key: 'page', title },
  ];

  if (!companyQuery.loading && !companyQuery.data?.company) {
    return (
      <Flex vertical gap="middle">
        <Breadcrumb items={breadcrumb} />
        <Result status="404" title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('not_found')}</h1>} />
      </Flex>
    );
  }

  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  const filtered = search !== '' || categoryId !== '' || from !== defaults.from || to !== defaults.to;

  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <Breadcrumb items={breadcrumb} />
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {companyName ? <Typography.Text type="secondary">{t('subtitle', { company: companyName })}</Typography.Text> : null}
      </div>
      <Flex gap="small" wrap align="center">
        <div style={{ flex: '1 1 220px', maxWidth: 320 }}>
          <AdminSearch value={search} onSearch={(s) => change({ search: s })} label={t('filters.search')} />
        </div>
        <Select
          aria-label={t('filters.category')}
          style={{ flex: '0 1 200px', minWidth: 160 }}
          value={categoryId}
          onChange={(v: string) => change({ categoryId: v })}
          options={[
            { value: '', label: t('filters.all_categories') },
            ...(answer?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.dates')}
          style={{ flex: '0 1 280px', minWidth: 0 }}
          value={range}
          allowEmpty={[true, true]}
          onChange={(v) =>
            change({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })
          }
        />
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={chosen.length === 0 || deleting.loading || !answer?.abilities.destroy}
          onClick={confirmDelete}
        >
          {t('delete_selected', { count: chosen.length })}
        </Button>
      </Flex>
      {error && !answer ? (
        <Result
          status="warning"
          title={t('load_failed')}
          extra={<Button onClick={() => void refetch().catch(() => undefined)}>{t('retry')}</Button>}
        />
      ) : (
        <DataTable<Row>
          aria-label={title}
          rowKey="uuid"
          columns={columns}
          dataSource={rows}
          loading={loading}
          skeleton={loading && !answer}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getTitleCheckboxProps: () => ({ 'aria-label': t('table.select_all') }),
            getCheckboxProps: (r) => ({ 'aria-label': t('table.select', { name: r.filename }) }),
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<Typography.Text>{t(filtered ? 'empty_filtered' : 'empty')}</Typography.Text>}
              />
            ),
          }}
          pagination={{
            current: state.page,
            pageSize: limit,
            total: answer?.totalCount ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: { 'aria-label': t('table.page_size') },
            hideOnSinglePage: false,
            onChange: (page, size) => (size !== limit ? change({ limit: size }) : change({}, page)),
          }}
        />
      )}
    </Flex>
  );
}
