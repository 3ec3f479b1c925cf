import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import {
  CUSTOMER_SEARCH_MIN,
  participantOptions,
  participantPairs,
  peopleSearchReady,
  rememberLabels,
  withChosen,
  type FilterOption,
} from './filterOptions';
import { useParticipantSearch } from './hooks/useParticipantSearch';
import { useSelectSearch } from './hooks/useSelectSearch';
import { SearchedSelect } from './SearchedSelect';

export interface ParticipantSelectProps {
  readonly id: string;
  readonly value: readonly string[];
  readonly onChange: (participantIds: string[]) => void;
  readonly staff: boolean;
  /** The companies in scope; null in the all-companies view. */
  readonly companyIds: readonly string[] | null;
  readonly categoryIds: readonly string[];
  /** People seen in the loaded threads. */
  readonly people: readonly FilterOption[];
}

/**
 * The participant filter: threads that chosen people took part in. People come from the
 * users query per company and category in scope (customers from 4 typed characters), and
 * from the loaded threads; me first.
 */
export function ParticipantSelect({ id, value, onChange, staff, companyIds, categoryIds, people }: ParticipantSelectProps) {
  const { t } = useTranslation('inbox');
  const init = useInit();
  const { search, debounced, setSearch } = useSelectSearch();
  const pairs = useMemo(
    () => participantPairs(init.companies, companyIds, categoryIds),
    [init.companies, companyIds, categoryIds],
  );
  const found = useParticipantSearch(pairs, debounced, peopleSearchReady(staff, debounced));
  const options = useMemo(() => {
    const all = participantOptions({ value: init.user.uuid, label: t('filters.me') }, [found.found, people], search);
    rememberLabels(all);
    return withChosen(all, value, t('filters.person_unknown'));
  }, [init.user.uuid, found.found, people, search, value, t]);

  return (
    <SearchedSelect
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      loading={found.loading}
      notFound={
        peopleSearchReady(staff, search)
          ? t('filters.nobody_found')
          : t('filters.type_to_search', { min: CUSTOMER_SEARCH_MIN })
      }
      search={search}
      onSearch={setSearch}
    />
  );
}
