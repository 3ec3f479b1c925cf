import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInit } from '../session/SessionProvider';
import { setCategoryFilter, useCategoryFilter } from './categoryFilter';
import { useClearable } from '../../shared/forms/useClearable';

/** The agents' category filter in the header (Inbox and Tasks only). */
export function CategorySwitcher() {
  const init = useInit();
  const { t } = useTranslation('common');
  const clearable = useClearable();
  const selected = useCategoryFilter();
  const known = new Set(init.categories.map((c) => c.id));
  return (
    <Select
      mode="multiple"
      aria-label={t('header.category_switcher.label')}
      placeholder={t('header.category_switcher.all')}
      value={selected.filter((id) => known.has(id))}
      onChange={(ids: string[]) => setCategoryFilter(ids)}
      options={init.categories.map((c) => ({ value: c.id, label: c.name }))}
      maxTagCount="responsive"
      allowClear={clearable}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 140, width: 'min(260px, 30vw)' }}
    />
  );
}
