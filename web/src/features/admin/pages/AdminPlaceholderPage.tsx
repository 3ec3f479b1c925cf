import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../../app/layout/useRouteMeta';
import type { AdminRouteName } from '../../../app/router/routeTable';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Stands in for each admin panel page until it is built; shows the route's title. */
export function AdminPlaceholderPage() {
  const { t } = useTranslation('admin');
  const name = (useRouteMeta()?.name ?? 'GSUsers') as AdminRouteName;
  return <PagePlaceholder title={t(`page.${name}`)} />;
}
