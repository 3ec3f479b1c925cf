import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { changeLanguage, currentLanguage, initI18n } from './app/i18n/i18n';
import { isLanguage, readStoredLanguage } from './app/i18n/languages';
import { preloadFirstPage } from './app/router/preload';
import { prefetchInit } from './app/session/initApi';
import { catchInstallOffer } from './app/shell/installPrompt';
import { CLIENT_VERSION } from './app/version';

console.info(`Portico web v${CLIENT_VERSION}`);
// the browser's install offer can come before the app renders (app/shell/installPrompt.ts)
catchInstallOffer();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// init.json, the first page's chunk and the translations load side by side, not in turn.
// The app renders once the translations are here and init.json too (init.json never
// rejects: a failure is a result the app shows), but waits for init.json at most
// INIT_WAIT_MS: a slow server gets the app's loading spinner, not a blank page. No splash
// in index.html: an earlier first paint moved the boot's long tasks into Lighthouse's
// blocking time (TBT 140 -> 280 ms) for little FCP gain.
//
// The user's language is kept on the server: when init.json names another one than this
// browser kept (a browser new to the user), the app starts in it, instead of painting the
// browser's language until SessionProvider switches.
const INIT_WAIT_MS = 1000;
const session = prefetchInit();
const pageNamespaces = preloadFirstPage(window.location.pathname);
const sessionOrTimeout = Promise.race([session, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), INIT_WAIT_MS))]);

void Promise.all([initI18n(readStoredLanguage(), pageNamespaces), sessionOrTimeout]).then(async ([, init]) => {
  const language = init?.kind === 'ok' ? init.data.user.language : null;
  // never rejects in practice; a failure must not keep the app from rendering
  if (isLanguage(language) && language !== currentLanguage()) await changeLanguage(language).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
