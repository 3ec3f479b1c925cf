import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export interface PagePlaceholderProps {
  /** The page's translated title. */
  readonly title: string;
}

/** A page that other features will fill: its title and a short note. */
export function PagePlaceholder({ title }: PagePlaceholderProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      <Empty description={t('page.placeholder')} />
    </Flex>
  );
}
