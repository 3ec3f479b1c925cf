import { AppstoreOutlined, CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Spin, Tag, Tooltip, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementHeight } from '../../../shared/hooks/useElementHeight';
import { useScrollLoader } from '../../../shared/paging/scrollLoading';
import { SkeletonCell } from '../../../shared/table/SkeletonCell';
import { TABLE_SKELETON_ROWS } from '../../../shared/table/listConstants';
import { TruncatedText } from '../../../shared/ui/TruncatedText';
import { LazyAlert } from '../../../shared/ui/lazyAntd';
import { overdueState } from '../../task-list';
import { priorityLabel, statusLabel } from '../../task-list';
import type { TaskRow } from '../hooks/useTasks';
import { externalActionsOf, type ExternalAction } from '../utils/externalActions';
import { parameterColumns, parameterText } from '../utils/parameterColumns';
import { ariaSort, type SortField, type TaskSort } from '../utils/sorting';
import { visibleRange } from '../utils/windowing';
import { formatDate, formatDateTime } from '../../../app/i18n/dates';

/** Every row has this height (px): the windowing relies on it. */
export const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 44;
/** The height used until the container is measured (and in jsdom, which has no layout). */
const FALLBACK_HEIGHT = 640;

export interface TasksTableProps {
  readonly rows: readonly TaskRow[];
  readonly totalCount: number;
  readonly sort: TaskSort | null;
  /** Sorting is offered (not while searching). */
  readonly sortable: boolean;
  readonly onSort: (field: SortField) => void;
  readonly openId: string | null;
  readonly onOpen: (row: TaskRow) => void;
  readonly onOpenApplication: (row: TaskRow, action: ExternalAction) => void;
  readonly isSelected: (id: string) => boolean;
  /** Some rows are selected: every row shows its checkbox. */
  readonly selecting: boolean;
  readonly onToggleSelected: (row: TaskRow) => void;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMoreError: boolean;
  readonly onLoadMore: () => void;
  /** Shown when there are no rows. */
  readonly emptyText: string;
  /** The first page is loading: 10 skeleton rows under the headers. */
  readonly loading?: boolean;
}

interface Column {
  readonly key: string;
  readonly title: string;
  /** The narrowest the column gets (px); the pane's spare width goes to the columns that grow. */
  readonly width: number;
  /** Its share of the spare width (none when left out). */
  readonly grow?: number;
  /** Stays in view when the table scrolls sideways, at this offset from the start (px). */
  readonly stickyAt?: number;
  readonly sortField?: SortField;
  readonly render: (row: TaskRow) => ReactNode;
  /** The first column's header is read by screen readers only. */
  readonly hiddenTitle?: boolean;
}

const SELECT_WIDTH = 48;
const PARAMETER_WIDTH = 160;

/** A cell's width and, for the held columns, its place (the same in the header and every row). */
function cellStyle(c: Column): React.CSSProperties {
  return {
    ...CELL_STYLE,
    flex: `${c.grow ?? 0} 0 ${c.width}px`,
    ...(c.stickyAt === undefined ? {} : { position: 'sticky', insetInlineStart: c.stickyAt, zIndex: 1 }),
  };
}

const stickyClass = (c: Column) => (c.stickyAt === undefined ? undefined : 'portico-task-sticky');

const CELL_STYLE = {
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  paddingInline: 8,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;

// The category icon gives way to the checkbox on hover, on keyboard focus and while selecting.
const ROW_CSS = `
.portico-task-row .portico-task-check { opacity: 0; }
.portico-task-row:hover .portico-task-check,
.portico-task-row:focus-within .portico-task-check,
.portico-tasks-selecting .portico-task-check { opacity: 1; }
.portico-task-row:hover .portico-task-icon,
.portico-task-row:focus-within .portico-task-icon,
.portico-tasks-selecting .portico-task-icon { visibility: hidden; }
.portico-task-row { background: var(--portico-row-bg, var(--portico-row-stripe, transparent)); }
.portico-task-row:hover { background: var(--portico-row-bg, var(--portico-task-hover)); }
.portico-task-row .portico-task-sticky {
  background: linear-gradient(var(--portico-row-bg, var(--portico-row-stripe, transparent)), var(--portico-row-bg, var(--portico-row-stripe, transparent))),
    var(--portico-task-base);
}
.portico-task-row:hover .portico-task-sticky {
  background: linear-gradient(var(--portico-row-bg, var(--portico-task-hover)), var(--portico-row-bg, var(--portico-task-hover))),
    var(--portico-task-base);
}
.portico-tasks-scrolled [data-column="title"] { box-shadow: 4px 0 6px -4px rgba(0, 0, 0, 0.18); }
.portico-task-title:focus-visible { outline: 2px solid #0958d9; outline-offset: 1px; }
`;

/** A row's place (rows are absolutely placed for the windowing) and its stripe (every other row). */
const rowStyle = (index: number, split: string, stripe: string): React.CSSProperties =>
  ({
    position: 'absolute',
    top: index * ROW_HEIGHT,
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    display: 'flex',
    borderBottom: `1px solid ${split}`,
    '--portico-row-stripe': index % 2 === 1 ? stripe : undefined,
  }) as React.CSSProperties;

/** The first page's stand-ins: striped rows of skeleton cells in the table's columns. */
function skeletonRows(columns: readonly Column[], split: string, stripe: string): ReactNode[] {
  return Array.from({ length: TABLE_SKELETON_ROWS }, (_, index) => (
    <div
      key={index}
      role="row"
      aria-hidden
      className="portico-task-row"
      style={rowStyle(index, split, stripe)}
    >
      {columns.map((c) => (
        <div key={c.key} role="cell" className={stickyClass(c)} style={cellStyle(c)}>
          <SkeletonCell />
        </div>
      ))}
    </div>
  ));
}

/**
 * The tasks table: columns (category or checkbox, title, workflow, company, priority, due
 * date, last update, assignee, state, then one per workflow parameter) with sortable headers.
 * The spec's columns fit a 1440 px window's pane at their narrowest and share any spare width;
 * wider (parameter columns) it scrolls sideways with the selection and title columns held in view. Only the rows in view are mounted; scrolling near the end loads the
 * next page, and a failed page offers a retry.
 */
export function TasksTable({
  rows,
  totalCount,
  sort,
  sortable,
  onSort,
  openId,
  onOpen,
  onOpenApplication,
  isSelected,
  selecting,
  onToggleSelected,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
  emptyText,
  loading = false,
}: TasksTableProps) {
  const { t } = useTranslation('tasks');
  const { t: tThread } = useTranslation('thread');
  const { token } = theme.useToken();
  const [measureRef, measured] = useElementHeight();
  const [scrollTop, setScrollTop] = useState(0);
  const [scrolledSideways, setScrolledSideways] = useState(false);
  const viewport = (measured > 0 ? measured : FALLBACK_HEIGHT) - HEADER_HEIGHT;
  const now = useMemo(() => dayjs(), [rows]);
  const params = useMemo(() => parameterColumns(rows), [rows]);

  const columns = useMemo<Column[]>(() => {
    // Plain spans: every mounted cell counts (axe and the browser walk them all); a cut one
    // shows its whole text in a tooltip after 1000 ms.
    const text = (value: ReactNode, secondary = false) => (
      <TruncatedText title={value} style={{ ...ELLIPSIS, color: secondary ? token.colorTextSecondary : undefined }}>
        {value}
      </TruncatedText>
    );
    const base: Column[] = [
      {
        key: 'select',
        title: t('column.select'),
        hiddenTitle: true,
        width: SELECT_WIDTH,
        stickyAt: 0,
        render: (row) => (
          <span style={{ position: 'relative', width: 24, height: 24, display: 'inline-block' }}>
            <span
              className="portico-task-icon"
              aria-hidden
              style={{
                position: 'absolute',
                inset: 0,
                borderRadius: '50%',
                background: token.colorPrimary,
                color: '#fff',
                fontSize: 12,
                lineHeight: '24px',
                textAlign: 'center',
              }}
            >
              {(row.category?.name ?? '?').slice(0, 1).toUpperCase()}
            </span>
            <input
              type="checkbox"
              className="portico-task-check"
              checked={isSelected(row.uuid)}
              aria-label={t('table.select', { title: row.title })}
              onClick={(e) => e.stopPropagation()}
              onChange={() => onToggleSelected(row)}
              style={{ position: 'absolute', inset: 0, margin: 4, width: 16, height: 16, accentColor: token.colorPrimary }}
            />
          </span>
        ),
      },
      {
        key: 'title',
        title: t('column.title'),
        width: 210,
        grow: 4,
        stickyAt: SELECT_WIDTH,
        sortField: 'title',
        render: (row) => {
          const unread = !row.read || row.unreadCount > 0;
          const actions = externalActionsOf(row.externalActions);
          return (
            <Flex align="center" gap={6} style={{ minWidth: 0, width: '100%' }}>
              <button
                type="button"
                className="portico-task-title"
                aria-current={row.uuid === openId ? 'true' : undefined}
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(row);
                }}
                style={{
                  all: 'unset',
                  cursor: 'pointer',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  fontWeight: unread ? 600 : 400,
                  color: token.colorText,
                  minWidth: 0,
                }}
              >
                {row.title}
              </button>
              {row.urgent && (
                <Tag color="red" style={{ marginInlineEnd: 0 }}>
                  {t('table.urgent')}
                </Tag>
              )}
              {actions.map((action) => (
                <Tooltip key={`${action.id}:${action.actionKey}`} title={action.label}>
                  <Button
                    size="small"
                    type="text"
                    icon={<AppstoreOutlined />}
                    aria-label={t('table.open_application', { action: action.label })}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpenApplication(row, action);
                    }}
                  />
                </Tooltip>
              ))}
            </Flex>
          );
        },
      },
      {
        key: 'workflow',
        title: t('column.workflow'),
        width: 140,
        grow: 1,
        sortField: 'workflow',
        render: (row) => text(row.workflow?.name ?? '', true),
      },
      { key: 'company', title: t('column.company'), width: 130, grow: 1, sortField: 'company', render: (row) => text(row.company.name) },
      {
        key: 'priority',
        title: t('column.priority'),
        width: 100,
        sortField: 'priority',
        render: (row) => text(priorityLabel(tThread, row.priority)),
      },
      {
        key: 'dueDate',
        title: t('column.due_date'),
        width: 100,
        sortField: 'dueDate',
        render: (row) => {
          const state = overdueState(row, 'inbox', now);
          const color = state === 'overdue' ? token.colorErrorText : state === 'overdue_soon' ? '#874d00' : undefined;
          return <span style={{ color, fontWeight: state === 'fresh' ? undefined : 600 }}>{formatDate(row.dueDate)}</span>;
        },
      },
      {
        key: 'activityAt',
        title: t('column.activity_at'),
        width: 145,
        sortField: 'activityAt',
        render: (row) => text(formatDateTime(row.activityAt)),
      },
      {
        key: 'responsible',
        title: t('column.responsible'),
        width: 130,
        grow: 1,
        sortField: 'responsible',
        render: (row) =>
          row.responsible ? text(row.responsible.name, !row.responsibleActive) : text(t('table.unassigned'), true),
      },
      {
        key: 'status',
        title: t('column.status'),
        width: 120,
        sortField: 'status',
        render: (row) => (
          <span style={ELLIPSIS}>
            <span aria-hidden style={{ ...DOT, background: STATUS_DOT[row.status] ?? token.colorTextTertiary }} />
            {statusLabel(tThread, row.status)}
          </span>
        ),
      },
    ];
    const dynamic: Column[] = params.map((p) => ({
      key: `param:${p.key}`,
      title: p.label,
      width: PARAMETER_WIDTH,
      render: (row: TaskRow) => text(parameterText(row, p.key)),
    }));
    return [...base, ...dynamic];
  }, [t, tThread, token, isSelected, onToggleSelected, openId, onOpen, onOpenApplication, now, params]);

  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const range = visibleRange(rows.length, ROW_HEIGHT, scrollTop, viewport);
  const footer = hasMore || loadingMore || loadMoreError;

  const loadNear = useScrollLoader('end', { hasMore, busy: loadingMore, load: onLoadMore });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    setScrollTop(el.scrollTop);
    setScrolledSideways(el.scrollLeft > 0);
    loadNear(el);
  };

  // A first page shorter than the table cannot be scrolled: load on until it fills.
  const contentHeight = rows.length * ROW_HEIGHT;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreError && measured > 0 && contentHeight < viewport) onLoadMore();
  }, [hasMore, loadingMore, loadMoreError, measured, contentHeight, viewport, onLoadMore]);

  const headerCell = (c: Column) => {
    const sortableColumn = sortable && c.sortField !== undefined;
    const state = c.sortField ? ariaSort(sort, c.sortField) : 'none';
    const field = c.sortField;
    return (
      <div
        key={c.key}
        role="columnheader"
        data-column={c.key}
        aria-sort={sortableColumn ? state : undefined}
        style={{
          ...cellStyle(c),
          height: HEADER_HEIGHT,
          fontWeight: 600,
          background: c.stickyAt === undefined ? undefined : HEADER_BACKGROUND,
        }}
      >
        {c.hiddenTitle ? (
          <span className="portico-visually-hidden" style={VISUALLY_HIDDEN}>
            {c.title}
          </span>
        ) : sortableColumn && field ? (
          <Button
            type="text"
            size="small"
            onClick={() => onSort(field)}
            style={{ fontWeight: 600, paddingInline: 4, marginInline: -4, maxWidth: '100%' }}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{c.title}</span>
            {state === 'ascending' ? (
              <CaretUpOutlined aria-hidden />
            ) : state === 'descending' ? (
              <CaretDownOutlined aria-hidden />
            ) : null}
          </Button>
        ) : (
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={c.title}>
            {c.title}
          </span>
        )}
      </div>
    );
  };

  return (
    <div
      ref={measureRef}
      onScroll={onScroll}
      className={
        [selecting && 'portico-tasks-selecting', scrolledSideways && 'portico-tasks-scrolled'].filter(Boolean).join(' ') ||
        undefined
      }
      data-testid="tasks-table"
      style={
        {
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          position: 'relative',
          '--portico-task-hover': token.colorFillQuaternary,
          '--portico-task-base': token.colorBgContainer,
        } as React.CSSProperties
      }
    >
      <style>{ROW_CSS}</style>
      {loading && (
        <span role="status" className="portico-visually-hidden" style={VISUALLY_HIDDEN}>
          {t('table.loading')}
        </span>
      )}
      <div
        role="table"
        aria-label={t('table.label')}
        aria-rowcount={loading ? undefined : totalCount + 1}
        aria-busy={loading || undefined}
        style={{ width: totalWidth, minWidth: '100%' }}
      >
        <div
          role="rowgroup"
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            background: token.colorFillAlter,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div role="row" aria-rowindex={1} style={{ display: 'flex', background: HEADER_BACKGROUND }}>
            {columns.map(headerCell)}
          </div>
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: (loading ? TABLE_SKELETON_ROWS : rows.length) * ROW_HEIGHT }}>
          {loading && skeletonRows(columns, token.colorSplit, token.colorFillAlter)}
          {!loading && rows.slice(range.start, range.end).map((row, i) => {
            const index = range.start + i;
            const open = row.uuid === openId;
            const selected = isSelected(row.uuid);
            return (
              <div
                key={row.uuid}
                role="row"
                aria-rowindex={index + 2}
                data-testid="task-row"
                className="portico-task-row"
                onClick={() => onOpen(row)}
                style={
                  {
                    ...rowStyle(index, token.colorSplit, token.colorFillAlter),
                    cursor: 'pointer',
                    // The held cells paint the row's colour over an opaque base (see ROW_CSS).
                    '--portico-row-bg': open ? token.colorPrimaryBg : selected ? token.colorFillTertiary : undefined,
                  } as React.CSSProperties
                }
              >
                {columns.map((c) => (
                  <div key={c.key} role="cell" data-column={c.key} className={stickyClass(c)} style={cellStyle(c)}>
                    {c.render(row)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {rows.length === 0 && !footer && !loading && (
        <Flex justify="center" style={{ padding: 32, position: 'sticky', left: 0 }}>
          <Empty description={emptyText} />
        </Flex>
      )}
      {footer && (
        <Flex justify="center" style={{ padding: 12, position: 'sticky', left: 0, width: '100%' }}>
          {loadMoreError ? (
            <LazyAlert
              type="error"
              showIcon
              title={t('table.load_failed')}
              action={
                <Button size="small" onClick={onLoadMore}>
                  {t('table.retry')}
                </Button>
              }
            />
          ) : loadingMore ? (
            <span role="status" aria-label={t('table.loading_more')}>
              <Spin size="small" />
            </span>
          ) : (
            <Button size="small" onClick={onLoadMore}>
              {t('table.load_more')}
            </Button>
          )}
        </Flex>
      )}
    </div>
  );
}

const HEADER_BACKGROUND = '#fafafa';
const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' } as const;
const DOT = { display: 'inline-block', width: 8, height: 8, borderRadius: '50%', marginInlineEnd: 8 } as const;
/** The state's dot colour (decoration only: the label says the state). */
const STATUS_DOT: Record<string, string> = {
  created: '#8c8c8c',
  in_progress: '#0958d9',
  closed: '#237804',
  failed: '#cf1322',
  skipped: '#d48806',
  cancelled: '#d48806',
};

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
