import { useCallback, useEffect, useState } from 'react';
import { INSTALL_RECHECK_DELAY_MS } from '#contract/pwa.ts';
import { clearInstallPrompt, installPrompt, onInstallPromptChange } from '#client/lib/install-prompt.ts';
import { attemptInstall, installOfferFor, PWA_INSTALLED_KEY, type InstallEnvironment, type InstallOffer, type InstallOutcome } from '../install-state.ts';

let reportedInstalled = false;

function readEnvironment(): InstallEnvironment {
  const standalone = window.matchMedia('(display-mode: standalone)').matches;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  // Once seen running as an app, the browser tab knows it is installed too.
  if (standalone || iosStandalone) localStorage.setItem(PWA_INSTALLED_KEY, 'true');
  return {
    userAgent: navigator.userAgent,
    viewportWidth: window.innerWidth,
    secure: window.isSecureContext,
    standalone,
    iosStandalone,
    storedInstalled: localStorage.getItem(PWA_INSTALLED_KEY) === 'true',
    reportedInstalled,
  };
}

/**
 * The install offer's state (spec section 4): re-checked 500 ms after the window regains focus, on a
 * display-mode change, when the browser captures or reports an install; accepting clears the prompt.
 */
export function useInstallOffer(): { offer: InstallOffer; outcome: InstallOutcome | null; install: () => Promise<void> } {
  const compute = useCallback(() => installOfferFor(readEnvironment(), installPrompt() !== null), []);
  const [offer, setOffer] = useState<InstallOffer>(compute);
  const [outcome, setOutcome] = useState<InstallOutcome | null>(null);

  useEffect(() => {
    const recheck = () => setOffer(compute());
    let timer: number | undefined;
    const onFocus = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(recheck, INSTALL_RECHECK_DELAY_MS);
    };
    const onInstalled = () => {
      reportedInstalled = true;
      recheck();
    };
    const displayMode = window.matchMedia('(display-mode: standalone)');
    window.addEventListener('focus', onFocus);
    window.addEventListener('appinstalled', onInstalled);
    displayMode.addEventListener('change', recheck);
    const stopPrompt = onInstallPromptChange(recheck);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('appinstalled', onInstalled);
      displayMode.removeEventListener('change', recheck);
      stopPrompt();
    };
  }, [compute]);

  const install = useCallback(async () => {
    const result = await attemptInstall(readEnvironment(), installPrompt());
    if (result.success) clearInstallPrompt();
    setOutcome(result);
    setOffer(result.success ? 'none' : compute());
  }, [compute]);

  return { offer, outcome, install };
}
