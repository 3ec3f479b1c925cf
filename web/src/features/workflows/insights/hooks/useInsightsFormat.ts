import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { days } from '../utils/insightsFigures';

export interface InsightsFormat {
  /** A count or a rounded figure, in the language's digits; '–' for none. */
  readonly number: (value: number | null | undefined) => string;
  /** Seconds as days with one decimal, as a figure ("2.5"); '–' for none. */
  readonly dayFigure: (seconds: number | null | undefined) => string;
  /** Seconds as days with one decimal and the unit ("2.5 days"); '–' for none. */
  readonly dayText: (seconds: number | null | undefined) => string;
}

export const NO_VALUE = '–';

/** The numbers of run analytics as the page's language writes them. */
export function useInsightsFormat(): InsightsFormat {
  const { t, i18n } = useTranslation('workflowInsights');
  return useMemo(() => {
    const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const number = (value: number | null | undefined) => (value === null || value === undefined ? NO_VALUE : nf.format(value));
    return {
      number,
      dayFigure: (seconds) => number(days(seconds)),
      dayText: (seconds) => {
        const d = days(seconds);
        return d === null ? NO_VALUE : t('days', { count: d, value: nf.format(d) });
      },
    };
  }, [t, i18n.language]);
}
