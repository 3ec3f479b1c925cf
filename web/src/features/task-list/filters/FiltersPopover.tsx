import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin, Typography } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../shared/platform';
import type { FilterOption } from './filterOptions';
import { DEFAULT_FILTERS, activeFilterCount, draftOf, type FiltersDraft, type InboxFilterState } from './filterState';

// The form (pickers, date range) is a chunk of its own: the inbox's first render shows only
// the button. It is fetched when a pointer or the keyboard reaches the button.
const loadPanel = () => import('./FiltersPanel');
const FiltersPanel = lazy(async () => ({ default: (await loadPanel()).FiltersPanel }));
const FiltersModal = lazy(async () => ({ default: (await loadPanel()).FiltersModal }));
const preloadPanel = () => void loadPanel().catch(() => undefined);

export type PersonOption = FilterOption;

export interface FiltersPopoverProps {
  readonly filters: InboxFilterState;
  /** Staff see the assignee, sender and workflow filters; customers do not. */
  readonly staff: boolean;
  readonly meId: string;
  /** Companies to filter by (group and all-companies views); empty hides the filter. */
  readonly companies: readonly PersonOption[];
  /** People seen in the loaded threads (assignee, sender and participant pickers). */
  readonly people: readonly PersonOption[];
  readonly onApply: (filters: InboxFilterState) => void;
}

/**
 * The filters button and its filters: a popover on the desktop, a full-screen modal on
 * mobile (spec 001 §2). Both edit a draft: Apply applies it, Cancel (or closing) drops
 * it, Reset all returns every filter in the draft to its default.
 */
export function FiltersPopover({ filters, staff, meId, companies, people, onApply }: FiltersPopoverProps) {
  const { t } = useTranslation('inbox');
  const { platform } = usePlatform();
  const mobile = platform === 'mobile';
  const [open, setOpen] = useState(false);
  // The modal stays mounted once opened, for its closing animation.
  const [modalMounted, setModalMounted] = useState(false);
  const [draft, setDraft] = useState<FiltersDraft>(() => draftOf(filters));
  const titleId = useId();
  // Opening starts from the applied filters; closing without Apply drops the draft.
  const onOpenChange = (next: boolean) => {
    if (next) setDraft(draftOf(filters));
    if (next) setModalMounted(true);
    setOpen(next);
  };
  const panel = {
    draft,
    onChange: setDraft,
    staff,
    meId,
    companies,
    people,
    labelledBy: titleId,
    onReset: () => setDraft(draftOf(DEFAULT_FILTERS)),
    onCancel: () => setOpen(false),
    onApply: () => {
      onApply({ ...draft, query: filters.query });
      setOpen(false);
    },
  };
  const count = activeFilterCount(filters);

  const title = (
    <Typography.Text id={titleId} strong>
      {t('filters.title')}
    </Typography.Text>
  );
  const trigger = (
    <Badge count={count} size="small" offset={[-4, 4]} color="#0958d9">
      <Button
        icon={<FilterOutlined />}
        aria-label={count ? t('filters.button_active', { count }) : t('filters.button')}
        aria-haspopup="dialog"
        onClick={mobile ? () => onOpenChange(true) : undefined}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        {t('filters.button')}
      </Button>
    </Badge>
  );

  if (mobile) {
    return (
      <>
        {trigger}
        {modalMounted && (
          <Suspense fallback={null}>
            <FiltersModal open={open} title={title} {...panel} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomLeft"
      title={title}
      content={
        <Suspense fallback={<Spin style={{ display: 'block', width: 340 }} />}>
          <FiltersPanel {...panel} />
        </Suspense>
      }
      destroyOnHidden
    >
      {trigger}
    </Popover>
  );
}
