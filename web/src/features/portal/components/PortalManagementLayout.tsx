import { FlagOutlined, NotificationOutlined } from '@ant-design/icons';
import { Flex, Menu, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

export interface PortalManagementLayoutProps {
  readonly active: 'info-banners' | 'countries';
  readonly title: string;
  readonly children: ReactNode;
}

/** Portal management (spec 002 §2.14): a side menu of info banners and countries and holidays, and the sub-view. */
export function PortalManagementLayout({ active, title, children }: PortalManagementLayoutProps) {
  const { t } = useTranslation('portal');
  useDocumentTitle(title);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('management.title')}
      </Typography.Title>
      <Flex gap={24} wrap>
        <nav aria-label={t('management.title')} style={{ flex: '0 0 260px', minWidth: 0, maxWidth: '100%' }}>
          <Menu
            mode="inline"
            selectedKeys={[active]}
            style={{ borderInlineEnd: 'none' }}
            items={[
              { key: 'info-banners', icon: <NotificationOutlined />, label: <Link to={paths.infoBanners()}>{t('management.info_banners')}</Link> },
              { key: 'countries', icon: <FlagOutlined />, label: <Link to={paths.countries()}>{t('management.countries')}</Link> },
            ]}
          />
        </nav>
        <section aria-label={title} style={{ flex: '1 1 480px', minWidth: 0 }}>
          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </section>
      </Flex>
    </Flex>
  );
}
