import { ArrowDownOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Spin, Typography, theme } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeline } from '../utils/timeline';
import type { ThreadActivity } from '../utils/types';
import { useScrollLoader } from '../../../shared/paging/scrollLoading';
import { SystemLine } from './SystemLine';
import { formatLongDate, formatTime } from '../../../app/i18n/dates';

/** The go-down button hides within this distance of the bottom (px). */
export const AT_BOTTOM_PX = 30;
/** How long a jumped-to reply stays highlighted. */
export const HIGHLIGHT_MS = 3000;

export interface MessageListProps {
  readonly activities: readonly ThreadActivity[];
  readonly companyId: string;
  readonly description: string | null;
  /** The workflow of a workflow thread: its system lines name it when no person acted. */
  readonly workflowName?: string | null;
  /** Where the unread marker goes (the first unread activity when the thread was opened). */
  readonly unreadActivityId: string | null;
  /** Scroll here first (activity_id), else to the unread marker, else to the bottom. */
  readonly focusActivityId: string | null;
  readonly hasMoreBefore: boolean;
  readonly hasMoreAfter: boolean;
  readonly loadingOlder: boolean;
  readonly onLoadOlder: () => void;
  /** Jump to the newest messages when newer ones are not loaded (clears activity_id). */
  readonly onJumpToLatest: () => void;
  /** The user sees the bottom of the stream (new foreign messages may be marked read). */
  readonly onSeeBottom: () => void;
  readonly highlightedId: string | null;
  readonly renderActivity: (activity: ThreadActivity) => ReactNode;
}

/** The thread's messages: date separators, the unread marker, author groups, the go-down button. */
export function MessageList({
  activities,
  companyId,
  description,
  workflowName = null,
  unreadActivityId,
  focusActivityId,
  hasMoreBefore,
  hasMoreAfter,
  loadingOlder,
  onLoadOlder,
  onJumpToLatest,
  onSeeBottom,
  highlightedId,
  renderActivity,
}: MessageListProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const atBottomRef = useRef(true);
  const positioned = useRef(false);
  const firstId = activities[0]?.uuid ?? null;
  const lastId = activities[activities.length - 1]?.uuid ?? null;
  const previous = useRef<{ firstId: string | null; lastId: string | null; fromBottom: number }>({
    firstId: null,
    lastId: null,
    fromBottom: 0,
  });
  const items = useMemo(() => buildTimeline(activities, { unreadActivityId }), [activities, unreadActivityId]);

  const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
  }, []);

  // Position once: the asked-for activity, else the unread marker, else the bottom. The
  // pane loads the stream around the first unread message: that one shows its marker too.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || positioned.current || !activities.length) return;
    positioned.current = true;
    const focus = focusActivityId && focusActivityId !== unreadActivityId ? focusActivityId : null;
    const target =
      (focus && el.querySelector<HTMLElement>(`#activity-${CSS.escape(focus)}`)) ||
      el.querySelector<HTMLElement>('[data-unread-marker]');
    if (target) el.scrollTop = Math.max(0, target.offsetTop - el.offsetTop - 60);
    else el.scrollTop = el.scrollHeight;
  }, [activities.length, focusActivityId, unreadActivityId]);

  // Keep the view steady when older pages come in; follow the bottom when new ones do.
  // Not on the first page: the positioning above has just placed it (at the marker, say),
  // and "at the bottom" is only the starting guess until the user scrolls.
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = previous.current;
    if (el && positioned.current && before.lastId !== null) {
      if (before.firstId && firstId !== before.firstId && lastId === before.lastId) {
        el.scrollTop = el.scrollHeight - el.clientHeight - before.fromBottom;
      } else if (lastId !== before.lastId && atBottomRef.current) {
        el.scrollTop = el.scrollHeight;
      }
    }
    previous.current = { firstId, lastId, fromBottom: el ? distanceFromBottom(el) : 0 };
  }, [firstId, lastId]);

  // Older messages load within 0.3 of the list's height from the top (shared/paging/scrollLoading).
  const loadOlder = useScrollLoader('start', { hasMore: hasMoreBefore, busy: loadingOlder, load: onLoadOlder });
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const bottom = distanceFromBottom(el) <= AT_BOTTOM_PX;
    atBottomRef.current = bottom;
    previous.current = { ...previous.current, fromBottom: distanceFromBottom(el) };
    setAtBottom(bottom);
    if (bottom && !hasMoreAfter) onSeeBottom();
    loadOlder(el);
  };

  useEffect(() => {
    if (atBottom && !hasMoreAfter && lastId) onSeeBottom();
  }, [atBottom, hasMoreAfter, lastId, onSeeBottom]);

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('list.label')}
        aria-live="polite"
        tabIndex={0}
        data-testid="thread-messages"
        style={{ flex: 1, overflowY: 'auto', padding: '8px 16px 16px' }}
      >
        {loadingOlder && (
          <Flex justify="center" style={{ padding: 8 }}>
            <Spin size="small" />
          </Flex>
        )}
        {hasMoreBefore && !loadingOlder && (
          <Flex justify="center">
            <Button type="link" size="small" onClick={onLoadOlder}>
              {t('list.load_older')}
            </Button>
          </Flex>
        )}
        {items.map((item) => {
          switch (item.type) {
            case 'date':
              return (
                <Divider key={item.key} plain style={{ margin: '12px 0 4px' }}>
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    {formatLongDate(item.date)}
                  </Typography.Text>
                </Divider>
              );
            case 'unread':
              return (
                <div key={item.key} data-unread-marker>
                  <Divider plain style={{ margin: '8px 0', borderColor: token.colorError }}>
                    <Typography.Text type="danger" style={{ fontSize: token.fontSizeSM }}>
                      {t('list.unread_marker')}
                    </Typography.Text>
                  </Divider>
                </div>
              );
            case 'system':
              return (
                <SystemLine
                  key={item.key}
                  activity={item.activity}
                  companyId={companyId}
                  description={item.activity.key === 'inbox_task.create' ? description : null}
                  workflowName={workflowName}
                />
              );
            case 'group': {
              const first = item.activities[0];
              if (!first) return null;
              const name = first.trackableUser?.name ?? first.creator?.name ?? '';
              const inactive = first.trackableUser ? !first.trackableUser.active : first.creator?.active === false;
              return (
                <section
                  key={item.key}
                  aria-label={t('list.group_label', { name, time: formatTime(first.createdAt) })}
                  style={{ marginTop: 12 }}
                >
                  <Flex gap={8} align="baseline">
                    <Typography.Text strong type={inactive ? 'secondary' : undefined}>
                      {item.own ? t('list.you') : name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      <time dateTime={first.createdAt}>{formatTime(first.createdAt)}</time>
                    </Typography.Text>
                  </Flex>
                  {item.activities.map((a) => (
                    <div key={a.uuid} data-highlighted={a.uuid === highlightedId || undefined}>
                      {renderActivity(a)}
                    </div>
                  ))}
                </section>
              );
            }
          }
          return null;
        })}
      </div>
      {(!atBottom || hasMoreAfter) && (
        <Button
          shape="circle"
          icon={<ArrowDownOutlined />}
          aria-label={t('list.go_down')}
          style={{ position: 'absolute', right: 24, bottom: 16, boxShadow: token.boxShadow }}
          onClick={() => {
            if (hasMoreAfter) onJumpToLatest();
            else scrollToBottom(true);
          }}
        />
      )}
    </div>
  );
}
