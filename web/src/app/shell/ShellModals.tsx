import { lazy, Suspense, useEffect } from 'react';
import { usePlatform } from '../../shared/platform/usePlatform';
import { useDomainChanged, watchDomainChanged } from '../errors/domainChanged';
import { isServerNewer } from '../version';

const NewVersionModal = lazy(async () => ({ default: (await import('./NewVersionModal')).NewVersionModal }));
const DomainChangedModal = lazy(async () => ({ default: (await import('./DomainChangedModal')).DomainChangedModal }));
const PlatformSwitchModal = lazy(async () => ({ default: (await import('./PlatformSwitchModal')).PlatformSwitchModal }));

export interface ShellModalsProps {
  /** The server's UI version (x-ui-version). */
  readonly serverVersion: string | null;
  /** The UiUpdated page says it itself. */
  readonly onUiUpdatedPage: boolean;
}

/**
 * The root shell's modals once the app is ready (spec 000 §2.5): new version, domain
 * changed, platform switch. Each is its own chunk, loaded only when it opens.
 */
export function ShellModals({ serverVersion, onUiUpdatedPage }: ShellModalsProps) {
  const domainChanged = useDomainChanged();
  const { askSwitch, select } = usePlatform();
  useEffect(() => watchDomainChanged(), []);
  const stale = isServerNewer(serverVersion) && !onUiUpdatedPage;

  let modal = null;
  if (domainChanged) modal = <DomainChangedModal />;
  else if (stale) modal = <NewVersionModal />;
  else if (askSwitch) modal = <PlatformSwitchModal onChoose={select} />;
  return modal ? <Suspense fallback={null}>{modal}</Suspense> : null;
}
