import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The whole-page loading state while the app starts. */
export function FullPageSpin() {
  const { t } = useTranslation('common');
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh' }}
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
    >
      <Spin size="large" />
    </Flex>
  );
}

/** The loading state of a page inside the shell. */
export function PageSpin() {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }} role="status" aria-live="polite" aria-label={t('app.loading')}>
      <Spin />
    </Flex>
  );
}

/** A loading state that fills its flex container, named for screen readers. */
export function AreaSpin({ label }: { readonly label: string }) {
  return (
    <Flex align="center" justify="center" style={{ flex: 1 }}>
      <span role="status" aria-label={label}>
        <Spin />
      </span>
    </Flex>
  );
}
