import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../gql/graphql';
import { ShortText } from '../../../shared/ui/ShortText';
import { formatFileDate, formatFileSize } from '../utils/format';
import { downloadUrl } from '../utils/zipDownloads';
import { DataTable } from '../../../shared/table/DataTable';

export type FileAction = 'rename' | 'describe' | 'move' | 'history' | 'delete';

export interface FilesTableProps {
  readonly files: readonly CompanyFileFieldsFragment[];
  readonly totalCount: number;
  readonly page: number;
  readonly pageSize: number;
  readonly loading: boolean;
  readonly onPageChange: (page: number) => void;
  readonly selectedIds: readonly string[];
  readonly onSelectionChange: (ids: string[]) => void;
  readonly onAction: (action: FileAction, file: CompanyFileFieldsFragment) => void;
}

/** A folder's files: select, name (a download link), uploaded by, uploaded at, actions. */
export function FilesTable({
  files,
  totalCount,
  page,
  pageSize,
  loading,
  onPageChange,
  selectedIds,
  onSelectionChange,
  onAction,
}: FilesTableProps) {
  const { t, i18n } = useTranslation('files');

  const menuFor = (file: CompanyFileFieldsFragment): MenuProps['items'] => [
    { key: 'rename', label: t('file.actions.rename'), disabled: !file.canUpdate },
    {
      key: 'describe',
      label: file.description ? t('file.actions.edit_description') : t('file.actions.add_description'),
      disabled: !file.canUpdate,
    },
    { key: 'move', label: t('file.actions.move'), disabled: !file.canUpdate },
    { key: 'history', label: t('file.actions.history') },
    { type: 'divider' },
    { key: 'delete', label: t('file.actions.delete'), danger: true, disabled: !file.canDestroy },
  ];

  const columns: TableColumnsType<CompanyFileFieldsFragment> = [
    {
      key: 'name',
      title: t('table.name'),
      render: (_, file) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Link href={downloadUrl(file.uuid)} download={file.filename}>
            {file.filename}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {formatFileSize(file.fileSize, i18n.resolvedLanguage)}
            {file.description ? <> · <ShortText text={file.description} /></> : null}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'uploader',
      title: t('table.uploaded_by'),
      responsive: ['md'],
      render: (_, file) =>
        file.uploader ? (
          <Typography.Text type={file.uploaderActive ? undefined : 'secondary'}>
            {file.uploaderActive ? file.uploader.name : t('table.inactive_user', { name: file.uploader.name })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('table.unknown_user')}</Typography.Text>
        ),
    },
    {
      key: 'uploadedAt',
      title: t('table.uploaded_at'),
      responsive: ['sm'],
      render: (_, file) => <time dateTime={file.uploadedAt}>{formatFileDate(file.uploadedAt)}</time>,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      align: 'end',
      width: 90,
      render: (_, file) => (
        <Dropdown
          trigger={['click']}
          menu={{ items: menuFor(file), onClick: ({ key }) => onAction(key as FileAction, file) }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={t('file.actions.label', { name: file.filename })} />
        </Dropdown>
      ),
    },
  ];

  return (
    <DataTable<CompanyFileFieldsFragment>
      rowKey="uuid"
      columns={columns}
      dataSource={[...files]}
      loading={loading}
      skeleton={loading && files.length === 0}
      // antd's own empty text is too pale for contrast checks: the description colour is not.
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} /> }}
      rowSelection={{
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelectionChange(keys.map(String)),
        getCheckboxProps: (file) => ({ 'aria-label': t('table.select', { name: file.filename }) }),
      }}
      pagination={{
        current: page,
        pageSize,
        total: totalCount,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPageChange,
      }}
    />
  );
}
