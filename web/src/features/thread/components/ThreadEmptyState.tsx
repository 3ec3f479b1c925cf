import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

// Apart from the other states: the inbox shows it on its first render, which needs no Result.
export interface ThreadEmptyStateProps {
  /** The bin folder has its own empty state. */
  readonly bin?: boolean;
}

/** The pane when no thread is selected. */
export function ThreadEmptyState({ bin = false }: ThreadEmptyStateProps) {
  const { t } = useTranslation('thread');
  return (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <Empty description={t(bin ? 'state.bin_empty' : 'state.none_selected')} />
    </Flex>
  );
}
