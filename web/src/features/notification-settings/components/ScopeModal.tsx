import { Checkbox, Empty, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScopeModalProps {
  readonly open: boolean;
  /** The trigger's label, for the title. */
  readonly trigger: string;
  readonly byCategory: boolean;
  readonly options: readonly { readonly id: string; readonly name: string }[];
  readonly selected: readonly string[];
  readonly onSave: (ids: readonly string[]) => void;
  readonly onCancel: () => void;
}

/** The badge's selection (002 §4): categories for customers, companies for staff; none chosen is all. */
export function ScopeModal({ open, trigger, byCategory, options, selected, onSave, onCancel }: ScopeModalProps) {
  const { t } = useTranslation('notificationSettings');
  const [chosen, setChosen] = useState<string[]>([...selected]);
  useEffect(() => {
    if (open) setChosen([...selected]);
  }, [open, selected]);
  const title = t(byCategory ? 'modal.title_categories' : 'modal.title_companies', { trigger });
  return (
    <Modal
      open={open}
      title={title}
      okText={t('modal.save')}
      cancelText={t('modal.cancel')}
      onOk={() => onSave(chosen)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {options.length === 0 ? (
        <Empty description={t('modal.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('modal.hint')}</Typography.Text>
          <Checkbox.Group
            aria-label={title}
            value={chosen}
            onChange={(values) => setChosen(values.map(String))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={options.map((option) => ({ value: option.id, label: option.name }))}
          />
        </Flex>
      )}
    </Modal>
  );
}
