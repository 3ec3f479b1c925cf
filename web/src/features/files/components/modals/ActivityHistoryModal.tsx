import { useQuery } from '@apollo/client/react';
import { DeleteOutlined, EditOutlined, SwapOutlined, UploadOutlined, FileOutlined } from '@ant-design/icons';
import { Empty, Modal, Skeleton, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { FILE_ACTIVITIES } from '../../graphql/fileActivities';
import { formatFileDate, formatFileSize } from '../../utils/format';

export const FILE_ACTIVITIES_LIMIT = 5;

export interface ActivityHistoryModalProps {
  readonly companyId: string;
  readonly file: Pick<CompanyFileFieldsFragment, 'uuid' | 'filename'>;
  readonly onClose: () => void;
}

const ICONS: Record<string, ReactNode> = {
  upload: <UploadOutlined />,
  edit: <EditOutlined />,
  swap: <SwapOutlined />,
  delete: <DeleteOutlined />,
};

const text = (args: unknown, key: string): string => {
  const value = args && typeof args === 'object' ? (args as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The newest five entries of a file's history. */
export function ActivityHistoryModal({ companyId, file, onClose }: ActivityHistoryModalProps) {
  const { t, i18n } = useTranslation('files');
  const { data, loading } = useQuery(FILE_ACTIVITIES, {
    variables: { companyId, fileId: file.uuid, limit: FILE_ACTIVITIES_LIMIT },
    fetchPolicy: 'network-only',
  });
  const activities = data?.activities ?? [];

  const describe = (key: string, args: unknown, who: string): string => {
    switch (key) {
      case 'company_file.create':
        return t('history.create', { name: who, size: formatFileSize(Number(text(args, 'fileSize')) || 0, i18n.resolvedLanguage) });
      case 'company_file.rename':
        return t('history.rename', { name: who, old: text(args, 'oldFilename'), new: text(args, 'newFilename') });
      case 'company_file.replace':
        return t('history.replace', { name: who });
      case 'company_file.destroy':
        return t('history.destroy', { name: who });
      default:
        if (text(args, 'toFolder')) return t('history.move', { name: who, folder: text(args, 'toFolder') });
        if (text(args, 'description')) return t('history.describe', { name: who });
        return t('history.update', { name: who });
    }
  };

  return (
    <Modal
      open
      width={460}
      title={t('history.title', { name: file.filename })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : activities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <Timeline
          style={{ marginTop: 16 }}
          items={activities.map((a) => {
            const who = a.creator
              ? a.creatorActive
                ? a.creator.name
                : t('table.inactive_user', { name: a.creator.name })
              : t('table.unknown_user');
            return {
              key: a.uuid,
              dot: ICONS[a.icon] ?? <FileOutlined />,
              children: (
                <>
                  <Typography.Text>{describe(a.key, a.additionArgs, who)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    <time dateTime={a.actionAt}>{formatFileDate(a.actionAt)}</time>
                  </Typography.Text>
                </>
              ),
            };
          })}
        />
      )}
    </Modal>
  );
}
