import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { findCompany, findGroup, rememberCompany } from '../session/companies';
import { useInit } from '../session/SessionProvider';
import type { InitCompany, InitGroup } from '../session/types';

export interface CompanyScopeValue {
  /** The route's selected_company_id (a group uuid when group is true). */
  readonly companyId: string | null;
  readonly group: boolean;
  readonly company: InitCompany | undefined;
  readonly companyGroup: InitGroup | undefined;
  /** No company and no group selected: the all-companies view. */
  readonly allCompanies: boolean;
}

/** The company or group the current route is about, read from the address. */
export function useCompanyScope(): CompanyScopeValue {
  const init = useInit();
  const { selected_company_id: companyId = null } = useParams();
  const [query] = useSearchParams();
  const group = Boolean(companyId) && query.get('group') === 'true';
  return {
    companyId,
    group,
    company: group ? undefined : findCompany(init, companyId),
    companyGroup: group ? findGroup(init, companyId) : undefined,
    allCompanies: !companyId,
  };
}

/** Remembers the selected company so that the next visit to Root starts there. */
export function useRememberSelectedCompany(scope: CompanyScopeValue): void {
  const id = scope.company?.uuid ?? null;
  useEffect(() => {
    if (id) rememberCompany(id);
  }, [id]);
}
