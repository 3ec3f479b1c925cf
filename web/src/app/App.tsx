import { ApolloProvider } from '@apollo/client/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import fiFI from 'antd/es/locale/fi_FI';
import svSE from 'antd/es/locale/sv_SE';
import type { Locale } from 'antd/es/locale';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { usePrefersReducedMotion } from '../shared/hooks/usePrefersReducedMotion';
import { useSuppressStrayDrops } from '../shared/hooks/useSuppressStrayDrops';
import { createApolloClient } from './apollo/client';
import { setNotifier } from './errors/notifier';
import { withInputFormats } from './i18n/dates';
import { isLanguage, type Language } from './i18n/languages';
import { SessionRealtimeProvider } from './realtime/SessionRealtimeProvider';
import { createRouter } from './router/router';
import { SessionProvider } from './session/SessionProvider';
import { theme } from './theme/theme';

// every date and time picker types and shows dates in the language's formats (dates.ts)
const ANTD_LOCALES: Record<Language, Locale> = {
  en: withInputFormats(enUS, 'en'),
  fi: withInputFormats(fiFI, 'fi'),
  sv: withInputFormats(svSE, 'sv'),
};

/** Hands the themed notification instance to code outside React (error handler). */
function NotifierBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    setNotifier(notification);
    return () => setNotifier(null);
  }, [notification]);
  return null;
}

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(createRouter);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  useSuppressStrayDrops();
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider theme={themeConfig} locale={ANTD_LOCALES[language]}>
      <AntApp>
        <NotifierBridge />
        <ApolloProvider client={client}>
          <SessionProvider>
            <SessionRealtimeProvider>
              <RouterProvider router={router} />
            </SessionRealtimeProvider>
          </SessionProvider>
        </ApolloProvider>
      </AntApp>
    </ConfigProvider>
  );
}
