import { useQuery } from '@apollo/client/react';
import { List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_VIEWERS } from '../graphql/activityViewers';
import { formatDateTime } from '../../../app/i18n/dates';

/** Viewers per page in the modal (spec 001 §9). */
export const VIEWERS_MODAL_PAGE = 20;

export interface ViewersModalProps {
  readonly companyId: string;
  readonly activityId: string;
  readonly onClose: () => void;
}

/** Who has read a message, and when. */
export function ViewersModal({ companyId, activityId, onClose }: ViewersModalProps) {
  const { t } = useTranslation('thread');
  const [page, setPage] = useState(1);
  const { data, loading } = useQuery(ACTIVITY_VIEWERS, {
    variables: { companyId, activityId, page, limit: VIEWERS_MODAL_PAGE },
    fetchPolicy: 'network-only',
  });
  const users = data?.users;
  return (
    <Modal open title={t('viewers.title')} onCancel={onClose} footer={null} width={460}>
      <List
        loading={loading}
        dataSource={users?.collection ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('viewers.none')}</Typography.Text> }}
        rowKey="uuid"
        pagination={
          (users?.totalCount ?? 0) > VIEWERS_MODAL_PAGE
            ? { current: page, pageSize: VIEWERS_MODAL_PAGE, total: users?.totalCount ?? 0, onChange: setPage, size: 'small' }
            : false
        }
        renderItem={(user) => (
          <List.Item>
            <Typography.Text type={user.active ? undefined : 'secondary'}>{user.name}</Typography.Text>
            {user.activityReadedAt && (
              <Typography.Text type="secondary">{formatDateTime(user.activityReadedAt)}</Typography.Text>
            )}
          </List.Item>
        )}
      />
    </Modal>
  );
}
