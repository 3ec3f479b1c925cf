import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A Select's clear button as antd draws it, named in the interface language. */
export interface Clearable {
  readonly clearIcon: ReactNode;
  readonly label: string;
}

/**
 * `allowClear` for a Select: antd's locale has no name for its clear button, which rc-select
 * calls "Clear" in every language, so `<Select allowClear={useClearable()} />` names it (with
 * antd's own icon, which an object in place of `true` would otherwise lose).
 */
export function useClearable(): Clearable {
  const { t } = useTranslation('common');
  const label = t('actions.clear');
  return useMemo(() => ({ clearIcon: <CloseCircleFilled />, label }), [label]);
}
