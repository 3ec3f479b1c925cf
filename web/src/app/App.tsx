import { ApolloProvider } from '@apollo/client/react';
import { ConfigProvider } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { usePrefersReducedMotion } from '../shared/hooks/usePrefersReducedMotion';
import { useSuppressStrayDrops } from '../shared/hooks/useSuppressStrayDrops';
import { createApolloClient } from './apollo/client';
import { AppFeedback } from './feedback/AppFeedback';
import { useAntdLocale } from './i18n/antdLocale';
import { isLanguage } from './i18n/languages';
import { SessionRealtimeProvider } from './realtime/SessionRealtimeProvider';
import { createRouter } from './router/router';
import { SessionProvider } from './session/SessionProvider';
import { theme } from './theme/theme';

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(createRouter);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const locale = useAntdLocale(language);
  useSuppressStrayDrops();
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider theme={themeConfig} locale={locale}>
      <AppFeedback>
        <ApolloProvider client={client}>
          <SessionProvider>
            <SessionRealtimeProvider>
              <RouterProvider router={router} />
            </SessionRealtimeProvider>
          </SessionProvider>
        </ApolloProvider>
      </AppFeedback>
    </ConfigProvider>
  );
}
