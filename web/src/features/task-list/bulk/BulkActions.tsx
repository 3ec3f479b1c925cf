import { DownOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Flex, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canBulk, type BulkKind, type CompanyRules } from './bulkOutcome';
import { joinAbilities } from './companyAbilities';
import type { BulkModalKind } from './BulkModals';
import { useAssignees } from './hooks/useAssignees';
import type { BulkTarget } from './bulkVariables';
import { useBulkChange, type BulkChange } from './hooks/useBulkChange';
import {
  headerCheck,
  maxSelectable,
  selectedCompanyIds,
  selectedCount,
  type SelectableThread,
  type Selection,
} from './selection';

const BulkModal = lazy(async () => ({ default: (await import('./BulkModals')).BulkModal }));

export interface BulkActionsProps {
  readonly selection: Selection;
  readonly threads: readonly SelectableThread[];
  readonly totalCount: number;
  /** The list's rules per company: those of the loaded rows' companies. */
  readonly abilities: readonly CompanyRules[];
  /**
   * The session's rules in every company of the view (init.json, scopeAbilities): they
   * decide for companies no loaded row belongs to, as when every matching thread is selected.
   */
  readonly scopeAbilities: readonly CompanyRules[];
  readonly admin: boolean;
  /** All matching threads can be selected (the server can address the view's threads). */
  readonly canSelectAllMatching: boolean;
  /** Mark as unread is not offered in the closed folder. */
  readonly allowUnread: boolean;
  /** The target for the selected threads (ids or every matching thread). */
  readonly target: BulkTarget;
  readonly onSelectVisible: () => void;
  readonly onSelectAllMatching: () => void;
  readonly onClear: () => void;
  /** Actions shown as buttons rather than under the Actions menu: none (default), read and unread, or all. */
  readonly buttons?: 'none' | 'read' | 'all';
  /** Called after a change that reached at least one thread (a list the refetch does not cover reloads). */
  readonly onChanged?: () => void;
}

const MODAL_KINDS: readonly BulkModalKind[] = ['status', 'priority', 'due_date', 'completion_date', 'assign'];

/**
 * The select-all checkbox and, while threads are selected, the bulk actions the user may
 * run in at least one of their companies.
 */
export function BulkActions({
  selection,
  threads,
  totalCount,
  abilities,
  scopeAbilities,
  admin,
  canSelectAllMatching,
  allowUnread,
  target,
  onSelectVisible,
  onSelectAllMatching,
  onClear,
  buttons = 'none',
  onChanged,
}: BulkActionsProps) {
  const { t } = useTranslation('inbox');
  const [modal, setModal] = useState<BulkModalKind | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const openModal = (kind: BulkModalKind) => {
    setModal(kind);
    setModalOpen(true);
  };
  const { run, running } = useBulkChange();
  const loadedIds = threads.map((th) => th.uuid);
  const check = headerCheck(selection, loadedIds);
  const count = selectedCount(selection, totalCount);
  const companies = selection.mode === 'all' ? 'all' : selectedCompanyIds(selection, threads);
  const known = useMemo(() => joinAbilities(scopeAbilities, abilities), [scopeAbilities, abilities]);
  const allowed = (kind: BulkKind) => count > 0 && canBulk(kind, companies, known, admin);
  const firstSelected = threads.find((th) => selection.mode === 'all' || selection.ids.includes(th.uuid));
  const assignees = useAssignees(
    firstSelected ? { companyId: firstSelected.companyId, taskId: firstSelected.uuid } : null,
    modal !== 'assign' || !modalOpen,
  );

  const submit = async (change: BulkChange): Promise<boolean> => {
    const changed = await run(target, change);
    if (changed) {
      onClear();
      onChanged?.();
    }
    return true;
  };

  const modalItems = MODAL_KINDS.filter((k) => allowed(k)).map((k) => ({
    key: k,
    label: t(`bulk.action.${k}`),
    onClick: () => openModal(k),
  }));
  const readItems = [
    ...(allowed('read') ? [{ key: 'read', label: t('bulk.action.read'), onClick: () => void submit({ kind: 'read' }) }] : []),
    ...(allowed('unread') && allowUnread
      ? [{ key: 'unread', label: t('bulk.action.unread'), onClick: () => void submit({ kind: 'unread' }) }]
      : []),
  ];
  const menuItems = buttons === 'all' ? [] : buttons === 'read' ? modalItems : [...modalItems, ...readItems];
  const buttonItems = buttons === 'all' ? [...modalItems, ...readItems] : buttons === 'read' ? readItems : [];
  const max = maxSelectable(totalCount);

  return (
    <Flex align="center" gap={8} wrap style={{ minHeight: 32 }} data-testid="bulk-actions">
      <Checkbox
        checked={check === 'all'}
        indeterminate={check === 'some'}
        disabled={threads.length === 0}
        onChange={() => (check === 'none' ? onSelectVisible() : onClear())}
        aria-label={t('bulk.select_visible')}
      />
      {count > 0 ? (
        <>
          <Typography.Text>{t('bulk.selected', { count })}</Typography.Text>
          {canSelectAllMatching && selection.mode === 'ids' && check === 'all' && totalCount > threads.length && (
            <Button type="link" size="small" onClick={onSelectAllMatching} style={{ paddingInline: 0 }}>
              {t('bulk.select_all_matching', { count: max })}
            </Button>
          )}
          {menuItems.length > 0 && (
            <Dropdown menu={{ items: menuItems }} trigger={['click']} disabled={running}>
              <Button size="small" loading={running}>
                {t('bulk.actions')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {buttonItems.map((item) => (
            <Button key={item.key} size="small" disabled={running} onClick={item.onClick}>
              {item.label}
            </Button>
          ))}
          <Button size="small" type="text" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary">{t('bulk.select_hint')}</Typography.Text>
      )}
      {modal && (
        <Suspense fallback={null}>
          <BulkModal
            key={modal}
            kind={modal}
            count={count}
            running={running}
            assignees={assignees.options}
            assigneesLoading={assignees.loading}
            onSearchAssignees={assignees.search}
            onSubmit={submit}
            open={modalOpen}
            onClose={() => setModalOpen(false)}
            afterClose={() => setModal(null)}
          />
        </Suspense>
      )}
    </Flex>
  );
}
