import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../../app/session/SessionProvider';
import type { AssigneeOption } from '../BulkModals';
import { ASSIGNABLE_USERS } from '../graphql/assignableUsers';

export interface AssigneesValue {
  readonly options: readonly AssigneeOption[];
  readonly loading: boolean;
  readonly search: (text: string) => void;
}

/**
 * Staff who may be picked as the assignee of the selected threads: the active provider
 * users who may see the first selected thread, and the user themself.
 */
export function useAssignees(sample: { companyId: string; taskId: string } | null, skip: boolean): AssigneesValue {
  const init = useInit();
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useState('');
  const { data, loading } = useQuery(ASSIGNABLE_USERS, {
    variables: { companyId: sample?.companyId, taskId: sample?.taskId, search: search || null },
    skip: skip || !sample,
  });
  const options = useMemo(() => {
    const me: AssigneeOption[] =
      init.user.userType === 'portico_user' &&
      (!search || init.user.name.toLowerCase().includes(search.toLowerCase()))
        ? [{ value: init.user.uuid, label: t('bulk.assign_me', { name: init.user.name }) }]
        : [];
    const staff = (data?.users.collection ?? [])
      .filter((u) => u.userType === 'portico_user' && u.active && u.uuid !== init.user.uuid)
      .map((u) => ({ value: u.uuid, label: u.name }));
    return [...me, ...staff];
  }, [data, init.user, search, t]);
  return { options, loading, search: setSearch };
}
