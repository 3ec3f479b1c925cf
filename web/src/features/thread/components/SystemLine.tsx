import { Flex, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusLabel } from '../../task-list';
import { threadPath } from '../utils/threadPath';
import type { ThreadActivity } from '../utils/types';
import { MessageBody } from './MessageBody';

const STATUS_CHANGE = /^status_change_from_(.+)_to_(.+)$/;
const KNOWN_STATUSES = ['in_progress', 'created', 'closed', 'failed', 'skipped', 'cancelled', 'canceled'];

/** Splits status_change_from_X_to_Y when X or Y hold underscores (in_progress). */
export function parseStatusChange(key: string, args: unknown): { from: string; to: string } | null {
  const a = (args ?? {}) as Record<string, unknown>;
  if (typeof a['fromState'] === 'string' && typeof a['toState'] === 'string') return { from: a['fromState'], to: a['toState'] };
  const match = STATUS_CHANGE.exec(key);
  if (!match) return null;
  const rest = key.slice('status_change_from_'.length);
  for (const from of KNOWN_STATUSES) {
    if (rest.startsWith(`${from}_to_`)) return { from, to: rest.slice(from.length + 4) };
  }
  return { from: match[1] ?? '', to: match[2] ?? '' };
}

/** A system line's text; workflowName names the actor when no person acted (a workflow thread's run). */
export function systemText(t: TFunction<'thread'>, activity: ThreadActivity, workflowName: string | null = null): string {
  const name = activity.trackableUser?.name ?? activity.creator?.name ?? workflowName ?? t('system.someone');
  const change = parseStatusChange(activity.key, activity.additionArgs);
  if (change) return t('system.status_changed', { name, from: statusLabel(t, change.from), to: statusLabel(t, change.to) });
  switch (activity.key) {
    case 'inbox_task.create':
      return t('system.created', { name });
    case 'inbox_task.destroy':
      return t('system.deleted', { name });
    case 'inbox_task.restore':
      return t('system.restored', { name });
    case 'inbox_task.copy':
      return t('system.copied_from', { name });
    case 'inbox_task.copied':
      return t('system.copied_to', { name });
    default:
      return t('system.other', { name });
  }
}

export interface SystemLineProps {
  readonly activity: ThreadActivity;
  readonly companyId: string;
  /** The thread's description, shown under its creation line. */
  readonly description?: string | null;
  /** The workflow of a workflow thread: who acted when no person did. */
  readonly workflowName?: string | null;
}

/** A status change, creation, copy, delete or restore line in the stream. */
export function SystemLine({ activity, companyId, description, workflowName = null }: SystemLineProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const args = (activity.additionArgs ?? {}) as Record<string, unknown>;
  const related = typeof args['relatedThreadId'] === 'string' ? args['relatedThreadId'] : null;
  return (
    <Flex vertical align="stretch" gap={6} id={`activity-${activity.uuid}`} style={{ margin: '8px 0' }}>
      <Typography.Text type="secondary" style={{ textAlign: 'center', fontSize: token.fontSizeSM }}>
        {systemText(t, activity, workflowName)}{' '}
        {related && <Link to={threadPath(companyId, related)}>{t('system.open_related')}</Link>}
      </Typography.Text>
      {activity.key === 'inbox_task.create' && description && (
        <div style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadiusLG, padding: '8px 12px' }}>
          <MessageBody html={description} />
        </div>
      )}
    </Flex>
  );
}
