import { CopyOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ThreadFooterState } from '../utils/threadState';

export interface ThreadFooterNoticeProps {
  readonly state: Exclude<ThreadFooterState, 'composer'>;
  /** Admins and staff may reopen a closed thread; others can only start a new one. */
  readonly canReopen: boolean;
  readonly canCopy: boolean;
  readonly canRestore: boolean;
  readonly busy: boolean;
  readonly onCopy: () => void;
  readonly onRestore: () => void;
}

/** What replaces the composer in a closed thread, a thread in the bin, or one whose category is inactive. */
export function ThreadFooterNotice({ state, canReopen, canCopy, canRestore, busy, onCopy, onRestore }: ThreadFooterNoticeProps) {
  const { t } = useTranslation('thread');
  const content = {
    closed: {
      title: t('footer.closed'),
      description: t(canReopen ? 'footer.closed_hint_staff' : 'footer.closed_hint_customer'),
      action: canCopy && (
        <Button icon={<CopyOutlined />} loading={busy} onClick={onCopy}>
          {t('footer.copy')}
        </Button>
      ),
    },
    hidden: {
      title: t('footer.hidden'),
      description: null,
      action: canRestore && (
        <Button icon={<UndoOutlined />} loading={busy} onClick={onRestore}>
          {t('footer.restore')}
        </Button>
      ),
    },
    inactiveCategory: {
      title: t('footer.inactive_category'),
      description: null,
      action: null,
    },
  }[state];
  return (
    <Flex style={{ padding: '8px 16px 12px' }} data-testid="thread-footer-notice">
      <Alert
        style={{ flex: 1 }}
        type="info"
        showIcon
        title={content.title}
        description={content.description}
        action={content.action || undefined}
      />
    </Flex>
  );
}
