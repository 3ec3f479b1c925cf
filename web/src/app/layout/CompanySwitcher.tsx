import { StarFilled } from '@ant-design/icons';
import { Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import type { RouteMeta } from '../router/routeTable';
import { sortCompanies, sortGroups } from '../session/companies';
import { useInit } from '../session/SessionProvider';
import { isProviderStaff } from '../session/types';
import { companySwitchTarget } from './companySwitch';
import type { CompanyScopeValue } from './useCompanyScope';

export interface CompanySwitcherProps {
  readonly scope: CompanyScopeValue;
  readonly route: RouteMeta | undefined;
}

const ALL = 'all';
const companyValue = (uuid: string) => `company:${uuid}`;
const groupValue = (uuid: string) => `group:${uuid}`;

function OptionLabel({ name, favorite, favoriteLabel }: { name: string; favorite: boolean; favoriteLabel: string }) {
  return (
    <Space size={6}>
      <span>{name}</span>
      {favorite ? <StarFilled aria-label={favoriteLabel} style={{ color: '#874d00' }} /> : null}
    </Space>
  );
}

/**
 * The header's company picker: companies (favourites first, then by name), company
 * groups, and for provider staff on pages that allow it, all companies. A viewer of one company and
 * no groups never meets it: AppFrame shows that company's name without loading this chunk.
 */
export function CompanySwitcher({ scope, route }: CompanySwitcherProps) {
  const init = useInit();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const staff = isProviderStaff(init.user);
  const language = currentLanguage();
  const companies = useMemo(() => sortCompanies(init.companies, init.favorites, language), [init, language]);
  const groups = useMemo(() => sortGroups(init.groups, language), [init.groups, language]);
  const showStar = staff && init.companies.length > 1;
  const favoriteLabel = t('header.company_switcher.favorite');
  const allowAll = staff && Boolean(route?.showAllCompanies);

  const options = [
    ...(allowAll ? [{ value: ALL, label: t('header.company_switcher.all_companies'), title: '' }] : []),
    ...(groups.length > 0
      ? [
          {
            label: t('header.company_switcher.groups'),
            title: t('header.company_switcher.groups'),
            options: groups.map((g) => ({
              value: groupValue(g.uuid),
              title: g.name,
              label: <OptionLabel name={g.name} favorite={showStar && g.favorite} favoriteLabel={favoriteLabel} />,
            })),
          },
        ]
      : []),
    {
      label: t('header.company_switcher.companies'),
      title: t('header.company_switcher.companies'),
      options: companies.map((c) => ({
        value: companyValue(c.uuid),
        title: c.name,
        label: (
          <OptionLabel
            name={c.name}
            favorite={showStar && (c.favorite || init.favorites.includes(c.uuid))}
            favoriteLabel={favoriteLabel}
          />
        ),
      })),
    },
  ];

  let value: string | undefined;
  if (scope.group && scope.companyId) value = groupValue(scope.companyId);
  else if (scope.companyId) value = companyValue(scope.companyId);
  else if (allowAll) value = ALL;

  const onChange = (next: string) => {
    const [kind, uuid = null] = next === ALL ? [ALL] : next.split(':');
    const target = companySwitchTarget(route?.name, {
      companyId: kind === ALL ? null : uuid,
      group: kind === 'group',
    });
    void navigate(target);
  };

  return (
    <Select
      aria-label={t('header.company_switcher.label')}
      data-testid="company-switcher"
      value={value}
      placeholder={t('header.company_switcher.label')}
      options={options}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'title' }}
      notFoundContent={t('header.company_switcher.no_results')}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 140, maxWidth: 320 }}
    />
  );
}
