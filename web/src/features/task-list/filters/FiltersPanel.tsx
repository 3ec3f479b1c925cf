import { Button, Flex, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersForm, type FiltersFormProps } from './FiltersForm';

export interface FiltersPanelProps extends FiltersFormProps {
  readonly onReset: () => void;
  readonly onCancel: () => void;
  readonly onApply: () => void;
}

function PanelButtons({ onReset, onCancel, onApply }: Pick<FiltersPanelProps, 'onReset' | 'onCancel' | 'onApply'>) {
  const { t } = useTranslation('inbox');
  return (
    <Flex justify="space-between" gap={8}>
      <Button onClick={onReset}>{t('filters.reset')}</Button>
      <Space>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button type="primary" onClick={onApply}>
          {t('filters.apply')}
        </Button>
      </Space>
    </Flex>
  );
}

/** The desktop popover's content: the filters and their buttons. */
export function FiltersPanel({ onReset, onCancel, onApply, ...form }: FiltersPanelProps) {
  return (
    <div style={{ width: 340 }}>
      <FiltersForm {...form} />
      <PanelButtons onReset={onReset} onCancel={onCancel} onApply={onApply} />
    </div>
  );
}

export interface FiltersModalProps extends FiltersPanelProps {
  readonly open: boolean;
  readonly title: ReactNode;
}

/** The filters full screen on mobile. */
export function FiltersModal({ open, title, onReset, onCancel, onApply, ...form }: FiltersModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      footer={<PanelButtons onReset={onReset} onCancel={onCancel} onApply={onApply} />}
      onCancel={onCancel}
      destroyOnHidden
      width="100%"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        container: { minHeight: '100dvh', borderRadius: 0, display: 'flex', flexDirection: 'column' },
        body: { flex: 1, overflowY: 'auto' },
      }}
    >
      <FiltersForm {...form} />
    </Modal>
  );
}
