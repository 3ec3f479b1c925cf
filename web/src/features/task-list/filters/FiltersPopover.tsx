import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Modal, Popover, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../shared/platform';
import type { FilterOption } from './filterOptions';
import { DEFAULT_FILTERS, activeFilterCount, type InboxFilterState } from './filterState';
import { draftOf, FiltersForm, type FiltersDraft } from './FiltersForm';

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
  const [draft, setDraft] = useState<FiltersDraft>(() => draftOf(filters));
  const titleId = useId();
  // Opening starts from the applied filters; closing without Apply drops the draft.
  const onOpenChange = (next: boolean) => {
    if (next) setDraft(draftOf(filters));
    setOpen(next);
  };
  const apply = () => {
    onApply({ ...draft, query: filters.query });
    setOpen(false);
  };
  const count = activeFilterCount(filters);

  const form = (
    <FiltersForm
      draft={draft}
      onChange={setDraft}
      staff={staff}
      meId={meId}
      companies={companies}
      people={people}
      labelledBy={titleId}
    />
  );
  const buttons = (
    <Flex justify="space-between" gap={8}>
      <Button onClick={() => setDraft(draftOf(DEFAULT_FILTERS))}>{t('filters.reset')}</Button>
      <Space>
        <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
        <Button type="primary" onClick={apply}>
          {t('filters.apply')}
        </Button>
      </Space>
    </Flex>
  );
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
      >
        {t('filters.button')}
      </Button>
    </Badge>
  );

  if (mobile) {
    return (
      <>
        {trigger}
        <Modal
          open={open}
          title={title}
          footer={buttons}
          onCancel={() => setOpen(false)}
          destroyOnHidden
          width="100%"
          style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
          styles={{
            container: { minHeight: '100dvh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
            body: { flex: 1, overflowY: 'auto' },
          }}
        >
          {form}
        </Modal>
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
        <div style={{ width: 340 }}>
          {form}
          {buttons}
        </div>
      }
      destroyOnHidden
    >
      {trigger}
    </Popover>
  );
}
