import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { findCompany, findGroup, groupCompanyIds, rememberCompany } from '../session/companies';
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

/** The companies a scope shows: the company, the group's members and mother company, or all the user's. */
export function scopeCompanies(
  scope: Pick<CompanyScopeValue, 'company' | 'companyGroup'>,
  companies: readonly InitCompany[],
): readonly InitCompany[] {
  if (scope.company) return [scope.company];
  if (scope.companyGroup) {
    const ids = new Set(groupCompanyIds(scope.companyGroup));
    return companies.filter((c) => ids.has(c.uuid));
  }
  return companies;
}

/** Remembers the selected company so that the next visit to Root starts there. */
export function useRememberSelectedCompany(scope: CompanyScopeValue): void {
  const id = scope.company?.uuid ?? null;
  useEffect(() => {
    if (id) rememberCompany(id);
  }, [id]);
}
