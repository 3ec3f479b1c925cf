import { lazy, Suspense, useEffect, useRef } from 'react';
import { usePlatform } from '../../shared/platform/usePlatform';
import { useDomainChanged, watchDomainChanged } from '../errors/domainChanged';
import { CLIENT_VERSION, compareVersions, isServerNewer } from '../version';
import { useInstallOffer } from './installPrompt';

const NewVersionModal = lazy(async () => ({ default: (await import('./NewVersionModal')).NewVersionModal }));
const DomainChangedModal = lazy(async () => ({ default: (await import('./DomainChangedModal')).DomainChangedModal }));
const InstallPrompt = lazy(async () => ({ default: (await import('./InstallPrompt')).InstallPrompt }));
const PlatformSwitchModal = lazy(async () => ({ default: (await import('./PlatformSwitchModal')).PlatformSwitchModal }));

/** Full page loads, behind an object so that tests can watch them. */
export const page = {
  reload(): void {
    window.location.reload();
  },
};

/**
 * Once the server has announced a newer UI, the page reloads when the versions agree again
 * (spec 000 §4): the page the user was on comes back whole. What was typed in a message box
 * survives it (features/thread/utils/drafts.ts).
 */
export function useReloadWhenVersionsMatch(serverVersion: string | null): void {
  const wasStale = useRef(false);
  useEffect(() => {
    if (isServerNewer(serverVersion)) wasStale.current = true;
    else if (wasStale.current && serverVersion && compareVersions(serverVersion, CLIENT_VERSION) === 0) {
      wasStale.current = false;
      page.reload();
    }
  }, [serverVersion]);
}

export interface ShellModalsProps {
  /** The server's UI version (x-ui-version). */
  readonly serverVersion: string | null;
  /** The UiUpdated page says it itself. */
  readonly onUiUpdatedPage: boolean;
}

/**
 * The root shell's modals once the app is ready (spec 000 §2.5): new version, domain
 * changed, platform switch, and the app-install offer (never on the login page: this renders
 * for signed-in users only). Each is its own chunk, loaded only when it opens.
 */
export function ShellModals({ serverVersion, onUiUpdatedPage }: ShellModalsProps) {
  const domainChanged = useDomainChanged();
  const { askSwitch, select } = usePlatform();
  const installOffer = useInstallOffer();
  useEffect(() => watchDomainChanged(), []);
  useReloadWhenVersionsMatch(serverVersion);
  const stale = isServerNewer(serverVersion) && !onUiUpdatedPage;

  let modal = null;
  if (domainChanged) modal = <DomainChangedModal />;
  else if (stale) modal = <NewVersionModal />;
  else if (askSwitch) modal = <PlatformSwitchModal onChoose={select} />;
  // the install offer waits while a modal asks something
  else if (installOffer && !onUiUpdatedPage) modal = <InstallPrompt />;
  return modal ? <Suspense fallback={null}>{modal}</Suspense> : null;
}
