import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A clear button as antd draws it, named in the interface language (Select and Input). */
export interface Clearable {
  readonly clearIcon: ReactNode;
  readonly label: string;
}

/**
 * `allowClear` for a Select or an Input: antd's locale has no name for their clear buttons
 * (rc-select says "Clear" in every language, Input's is its icon's "close-circle"), so
 * `allowClear={useClearable()}` names them: Select's by `label`, Input's by its icon's name.
 * The icon is antd's own, which an object in place of `true` would otherwise lose.
 */
export function useClearable(): Clearable {
  const { t } = useTranslation('common');
  const label = t('actions.clear');
  return useMemo(() => ({ clearIcon: <CloseCircleFilled aria-label={label} />, label }), [label]);
}
