import { CheckOutlined, EditOutlined, DeleteOutlined, EyeOutlined, MoreOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Image, Tooltip, Typography, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../utils/downloads';
import { formatFileSize } from '../utils/imageFiles';
import { quotedPreview } from '../utils/reply';
import type { ThreadActivity } from '../utils/types';
import { EditMessageForm } from './EditMessageForm';
import { FileIcon } from './FileIcon';
import { MessageBody } from './MessageBody';
import { ReactionPicker, Reactions } from './Reactions';

export interface ActivityItemProps {
  readonly activity: ThreadActivity;
  readonly highlighted: boolean;
  readonly editing: boolean;
  readonly saving: boolean;
  /** Writing is possible (open thread, rights): reply, react, edit. */
  readonly canWrite: boolean;
  readonly canChangeOwn: boolean;
  /** Reacting works in any thread that is not in the bin. */
  readonly canReact: boolean;
  readonly canViewReaders: boolean;
  readonly onReply: (activity: ThreadActivity) => void;
  readonly onReact: (activityId: string, emoji: string) => void;
  readonly onStartEdit: (activityId: string) => void;
  readonly onCancelEdit: () => void;
  readonly onSaveEdit: (activity: ThreadActivity, html: string, removeImage: boolean) => void;
  readonly onDelete: (activity: ThreadActivity) => void;
  readonly onShowViewers: (activityId: string) => void;
  readonly onJumpTo: (activityId: string) => void;
}

/** One message or attachment inside an author's group. */
export function ActivityItem({
  activity,
  highlighted,
  editing,
  saving,
  canWrite,
  canChangeOwn,
  canReact,
  canViewReaders,
  onReply,
  onReact,
  onStartEdit,
  onCancelEdit,
  onSaveEdit,
  onDelete,
  onShowViewers,
  onJumpTo,
}: ActivityItemProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const message = activity.inboxMessage;
  const attachment = activity.attachment;
  const messageDeleted = Boolean(message && (message.deleted || activity.key === 'inbox_message.destroy'));
  const attachmentDeleted = activity.key === 'inbox_attachment.destroy';
  const deleted = messageDeleted || attachmentDeleted;
  const mine = activity.own;

  const menu: MenuProps['items'] = [
    mine && message && canChangeOwn && !deleted && { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
    mine && message && canChangeOwn && !deleted && { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('actions.delete') },
    mine && canViewReaders && !deleted && { key: 'viewers', icon: <EyeOutlined />, label: t('actions.viewers') },
  ].filter(Boolean) as MenuProps['items'];

  const deletedText = () => {
    const by = message?.deletedBy;
    if (attachmentDeleted) return t('message.attachment_deleted');
    if (by?.userRole === 'admin' && !mine) return t('message.deleted_by_admin');
    if (by && !by.masked && by.name) return t('message.deleted_by', { name: by.name });
    return t('message.deleted');
  };

  return (
    <div
      id={`activity-${activity.uuid}`}
      data-testid="thread-activity"
      className="portico-activity"
      style={{
        padding: '6px 10px',
        marginTop: 4,
        borderRadius: token.borderRadiusLG,
        background: highlighted ? token.colorWarningBg : mine ? token.colorPrimaryBg : token.colorFillQuaternary,
        transition: 'background 0.3s',
        outline: highlighted ? `2px solid ${token.colorWarningBorder}` : undefined,
      }}
    >
      <Flex gap={8} align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>
      {deleted ? (
        <Typography.Text type="secondary" italic>
          {deletedText()}
        </Typography.Text>
      ) : (
        <>
          {message?.replyable && (
            <button
              type="button"
              className="portico-reply-quote"
              onClick={() => message.replyable?.activityId && onJumpTo(message.replyable.activityId)}
              aria-label={t('message.go_to_reply', {
                name: message.replyable.user?.name ?? message.replyable.uploader?.name ?? '',
              })}
              style={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                cursor: 'pointer',
                border: 'none',
                borderLeft: `3px solid ${token.colorPrimary}`,
                background: token.colorBgContainer,
                padding: '2px 8px',
                marginBottom: 4,
                color: token.colorTextSecondary,
                font: 'inherit',
              }}
            >
              <Typography.Text strong style={{ fontSize: token.fontSizeSM }}>
                {message.replyable.user?.name ?? message.replyable.uploader?.name ?? ''}
              </Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {quotedPreview(message.replyable)}
              </Typography.Text>
            </button>
          )}
          {message &&
            (editing ? (
              <EditMessageForm
                body={message.body}
                imageUrl={message.imageUrl}
                saving={saving}
                onCancel={onCancelEdit}
                onSave={(html, removeImage) => onSaveEdit(activity, html, removeImage)}
              />
            ) : (
              <>
                {message.body && <MessageBody html={message.body} />}
                {message.imageUrl && (
                  <Image
                    src={message.imageUrl}
                    alt={t('message.image_alt')}
                    style={{ maxWidth: 280, maxHeight: 220, objectFit: 'contain', marginTop: 4 }}
                  />
                )}
                {message.edited && (
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    {' '}
                    {t('message.edited')}
                  </Typography.Text>
                )}
              </>
            ))}
          {attachment && (
            <Flex gap={8} align="center">
              <FileIcon extension={attachment.extension} />
              <a href={downloadUrl(attachment.uuid)} download={attachment.filename}>
                {attachment.filename}
              </a>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {formatFileSize(attachment.fileSize)}
              </Typography.Text>
            </Flex>
          )}
          <Reactions reactions={activity.emojiReactions} disabled={!canReact} onToggle={(emoji) => onReact(activity.uuid, emoji)} />
        </>
      )}
      </div>
      {!deleted && !editing && (
        <Flex gap={2} align="center" className="portico-activity-actions" style={{ flexShrink: 0 }}>
          {mine && activity.readStatus !== 'none' && (
            <Tooltip title={t(activity.readStatus === 'full' ? 'message.read_by_all' : 'message.read_by_some')}>
              <Typography.Text type="secondary" aria-label={t(activity.readStatus === 'full' ? 'message.read_by_all' : 'message.read_by_some')}>
                <CheckOutlined />
                {activity.readStatus === 'full' && <CheckOutlined style={{ marginLeft: -6 }} />}
              </Typography.Text>
            </Tooltip>
          )}
          {canWrite && (
            <Button type="text" size="small" icon={<RollbackOutlined />} aria-label={t('actions.reply')} onClick={() => onReply(activity)} />
          )}
          {canReact && <ReactionPicker onPick={(emoji) => onReact(activity.uuid, emoji)} />}
          {Boolean(menu?.length) && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: menu,
                onClick: ({ key }) => {
                  if (key === 'edit') onStartEdit(activity.uuid);
                  if (key === 'delete') onDelete(activity);
                  if (key === 'viewers') onShowViewers(activity.uuid);
                },
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('actions.message_actions')} />
            </Dropdown>
          )}
        </Flex>
      )}
      </Flex>
    </div>
  );
}
