import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../../app/session/SessionProvider';
import { useSelectSearch } from '../../filters/hooks/useSelectSearch';
import { usePorticoUsers } from '../../hooks/usePorticoUsers';
import type { AssigneeOption } from '../BulkModals';

export interface AssigneesValue {
  readonly options: readonly AssigneeOption[];
  readonly loading: boolean;
  readonly search: (text: string) => void;
}

/**
 * Staff who may be picked as the assignee of the selected threads: the user themself, then
 * the staff the server would let be assigned the first selected thread (porticoUsers with
 * its taskId, searched on the server).
 */
export function useAssignees(sample: { companyId: string; taskId: string } | null, skip: boolean): AssigneesValue {
  const init = useInit();
  const { t } = useTranslation('inbox');
  const { setSearch, debounced: typed } = useSelectSearch();
  const debounced = typed.trim();
  const { staff, loading } = usePorticoUsers({
    companyId: sample?.companyId ?? null,
    taskId: sample?.taskId ?? null,
    search: debounced,
    skip: skip || !sample,
  });
  const options = useMemo(() => {
    const me: AssigneeOption[] =
      init.user.userType === 'portico_user' &&
      (!debounced || init.user.name.toLowerCase().includes(debounced.toLowerCase()))
        ? [{ value: init.user.uuid, label: t('bulk.assign_me', { name: init.user.name }) }]
        : [];
    const others = staff.filter((u) => u.uuid !== init.user.uuid).map((u) => ({ value: u.uuid, label: u.name }));
    return [...me, ...others];
  }, [staff, init.user, debounced, t]);
  return { options, loading, search: setSearch };
}
