import { CheckOutlined, StarFilled } from '@ant-design/icons';
import { Flex, Select, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import type { RouteMeta } from '../router/routeTable';
import { groupCompanyIds, sortCompanies, sortGroups } from '../session/companies';
import { clearStoredFilters } from '../../shared/storage/storedFilters';
import { useInit } from '../session/SessionProvider';
import { isProviderStaff } from '../session/types';
import { allowsGroups, companySwitchTarget, selectedCompanyIds, switcherChoice } from './companySwitch';
import type { CompanyScopeValue } from './useCompanyScope';

export interface CompanySwitcherProps {
  readonly scope: CompanyScopeValue;
  readonly route: RouteMeta | undefined;
  /**
   * companies: the admin domain's company switcher (companies, and all of them where the page
   * allows); groups: the company-group switcher of the other domains, which adds the company
   * groups on Inbox and Tasks (spec 000 §2.5).
   */
  readonly kind: 'companies' | 'groups';
}

const ALL = 'all';
const companyValue = (uuid: string) => `company:${uuid}`;
const groupValue = (uuid: string) => `group:${uuid}`;

interface OptionLabelProps {
  readonly name: string;
  readonly favorite: boolean;
  /** Secondary text after the name: a group's size, or a company's part in the selected group. */
  readonly note?: string;
  /** The company is selected with the selected group. */
  readonly inSelection?: boolean;
}

function OptionLabel({ name, favorite, note, inSelection }: OptionLabelProps) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" wrap style={{ minWidth: 0, columnGap: 6, rowGap: 0, whiteSpace: 'normal' }}>
      {inSelection ? <CheckOutlined aria-label={t('header.company_switcher.in_selection')} /> : null}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
      {favorite ? <StarFilled aria-label={t('header.company_switcher.favorite')} style={{ color: '#874d00' }} /> : null}
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
          {note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

interface SwitcherOption {
  readonly value: string;
  /** The name: what the closed switcher shows and what Playwright and people look for. */
  readonly title: string;
  /** What the search matches: the name, and for a group its companies' names. */
  readonly search: string;
  readonly label: ReactNode;
  readonly style?: CSSProperties;
}

/**
 * The header's company picker. On the admin domain it is the company switcher: companies
 * (favourites first, then by name) and, for provider staff where the page allows, all
 * companies. Elsewhere it is the company-group switcher, which on Inbox and Tasks also
 * offers the company groups: choosing a group selects its companies and its mother company
 * (marked in the list), choosing it again deselects them (spec 000 §4). A viewer of one
 * company and no groups never meets it: AppFrame shows that company's name without loading
 * this chunk.
 */
export function CompanySwitcher({ scope, route, kind }: CompanySwitcherProps) {
  const init = useInit();
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const staff = isProviderStaff(init.user);
  const language = currentLanguage();
  const withGroups = kind === 'groups' && allowsGroups(route);
  const companies = useMemo(() => sortCompanies(init.companies, init.favorites, language), [init, language]);
  const groups = useMemo(
    () => (withGroups ? sortGroups(init.groups, language) : []),
    [withGroups, init.groups, language],
  );
  const showStar = staff && init.companies.length > 1;
  const allowAll = staff && Boolean(route?.showAllCompanies);
  const selectedGroup = withGroups ? scope.companyGroup : undefined;
  const selected = selectedCompanyIds({ companyGroup: selectedGroup });
  const names = new Map(init.companies.map((c) => [c.uuid, c.name]));

  const groupOption = (g: (typeof groups)[number]): SwitcherOption => {
    const ids = groupCompanyIds(g);
    const count = t('header.company_switcher.group_size', { count: ids.length });
    return {
      value: groupValue(g.uuid),
      title: g.name,
      search: [g.name, ...ids.map((id) => names.get(id) ?? '')].join(' '),
      label: (
        <OptionLabel
          name={g.name}
          favorite={showStar && g.favorite}
          note={g.uuid === selectedGroup?.uuid ? t('header.company_switcher.choose_again', { size: count }) : count}
        />
      ),
    };
  };

  const companyOption = (c: (typeof companies)[number]): SwitcherOption => {
    const inSelection = selected.has(c.uuid);
    const mother = inSelection && selectedGroup?.motherCompanyId === c.uuid;
    return {
      value: companyValue(c.uuid),
      title: c.name,
      search: c.name,
      // looks selected, as the group's own option does: the group selects it
      style: inSelection ? { background: token.controlItemBgActive, fontWeight: token.fontWeightStrong } : undefined,
      label: (
        <OptionLabel
          name={c.name}
          favorite={showStar && (c.favorite || init.favorites.includes(c.uuid))}
          inSelection={inSelection}
          note={mother ? t('header.company_switcher.mother_company') : undefined}
        />
      ),
    };
  };

  const options = [
    ...(allowAll ? [{ value: ALL, title: t('header.company_switcher.all_companies'), search: '', label: t('header.company_switcher.all_companies') }] : []),
    ...(groups.length > 0
      ? [{ label: t('header.company_switcher.groups'), title: t('header.company_switcher.groups'), options: groups.map(groupOption) }]
      : []),
    {
      label: t('header.company_switcher.companies'),
      title: t('header.company_switcher.companies'),
      options: companies.map(companyOption),
    },
  ];
  // the closed switcher shows the name alone, without the list's notes and marks
  const titles = new Map<string, string>([
    [ALL, t('header.company_switcher.all_companies')],
    ...groups.map((g) => [groupValue(g.uuid), g.name] as const),
    ...companies.map((c) => [companyValue(c.uuid), c.name] as const),
  ]);

  let value: string | undefined;
  if (selectedGroup) value = groupValue(selectedGroup.uuid);
  else if (scope.company) value = companyValue(scope.company.uuid);
  else if (allowAll && !scope.companyId) value = ALL;

  // onSelect, not onChange: choosing the selected group again is a choice too (it deselects)
  const onSelect = (next: string) => {
    const [kindOf, uuid = null] = next === ALL ? [ALL] : next.split(':');
    const chosen = { companyId: kindOf === ALL ? null : uuid, group: kindOf === 'group' };
    if (next === value && !chosen.group) return;
    const target = companySwitchTarget(route?.name, switcherChoice({ companyId: scope.companyId, group: scope.group }, chosen));
    // Selecting a company resets the lists' filters, all but the categories (spec 000 §4).
    clearStoredFilters();
    void navigate(target);
  };

  return (
    <Select
      aria-label={t('header.company_switcher.label')}
      data-testid="company-switcher"
      value={value}
      placeholder={t('header.company_switcher.label')}
      options={options}
      onSelect={onSelect}
      labelRender={(item) => titles.get(String(item.value)) ?? item.label}
      showSearch={{ optionFilterProp: 'search' }}
      notFoundContent={t('header.company_switcher.no_results')}
      popupMatchSelectWidth={false}
      onOpenChange={setOpen}
      styles={{
        // antd dims the chosen name to a quarter while the list is open, too faint to read (WCAG AA)
        content: open ? { opacity: 0.65 } : undefined,
        // the list fits a phone's width: a long note moves under the name instead of past the edge
        popup: { root: { maxWidth: 'calc(100vw - 16px)' } },
      }}
      style={{ width: '100%', minWidth: 140, maxWidth: 320 }}
    />
  );
}
