import { MOBILE_BREAKPOINT_PX } from '#contract/pwa.ts';

/**
 * The install offer's rules (spec sections 4, 5 and 8), as pure functions of what the browser
 * reports, so every outcome is tested with stand-in objects (install-state.test.ts).
 */
export const PWA_INSTALLED_KEY = 'pwa-installed';

/** What the page knows about the browser it runs in. */
export interface InstallEnvironment {
  userAgent: string;
  viewportWidth: number;
  /** https or localhost (window.isSecureContext). */
  secure: boolean;
  /** matchMedia('(display-mode: standalone)'). */
  standalone: boolean;
  /** Safari's navigator.standalone on iOS. */
  iosStandalone: boolean;
  /** localStorage pwa-installed === 'true'. */
  storedInstalled: boolean;
  /** The browser said so: an appinstalled event was seen. */
  reportedInstalled: boolean;
}

/** The browser's deferred install prompt (the beforeinstallprompt event). */
export interface InstallPrompt {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallFailureReason = 'https_required' | 'user_dismissed' | 'error' | 'samsung_manual' | 'android_manual' | 'ios_manual' | 'unsupported';
export type InstallOutcome = { success: true; type: 'native' } | { success: false; reason: InstallFailureReason; message?: string };

export type Platform = 'ios' | 'samsung' | 'android' | 'other';

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return /SamsungBrowser/i.test(userAgent) ? 'samsung' : 'android';
  return 'other';
}

export function isChrome(userAgent: string): boolean {
  return /Chrome\//.test(userAgent) && !/Edg\/|OPR\/|SamsungBrowser/.test(userAgent);
}

/** A phone or tablet, or any viewport narrower than the mobile breakpoint. */
export function isMobile(env: Pick<InstallEnvironment, 'userAgent' | 'viewportWidth'>): boolean {
  return platformOf(env.userAgent) !== 'other' || /Mobi/i.test(env.userAgent) || env.viewportWidth < MOBILE_BREAKPOINT_PX;
}

export function isInstalled(env: InstallEnvironment): boolean {
  return env.standalone || env.iosStandalone || env.storedInstalled || env.reportedInstalled;
}

/** Installable: a captured prompt, or a mobile device without the app; never once installed. */
export function isInstallable(env: InstallEnvironment, hasPrompt: boolean): boolean {
  if (isInstalled(env)) return false;
  return hasPrompt || isMobile(env);
}

/** What the offer shows before the visitor acts: nothing, an install button, or manual steps. */
export type InstallOffer = 'none' | 'button' | 'ios_manual' | 'samsung_manual';

export function installOfferFor(env: InstallEnvironment, hasPrompt: boolean): InstallOffer {
  if (!isInstallable(env, hasPrompt)) return 'none';
  const platform = platformOf(env.userAgent);
  if (platform === 'ios') return 'ios_manual';
  if (platform === 'samsung') return 'samsung_manual';
  if (platform === 'android' || isChrome(env.userAgent) || hasPrompt) return 'button';
  return 'none';
}

/** Spec section 5: the outcome of pressing Install. */
export async function attemptInstall(env: InstallEnvironment, prompt: InstallPrompt | null): Promise<InstallOutcome> {
  if (isMobile(env) && !env.secure) return { success: false, reason: 'https_required' };
  if (prompt) {
    try {
      await prompt.prompt();
      const choice = await prompt.userChoice;
      return choice.outcome === 'accepted' ? { success: true, type: 'native' } : { success: false, reason: 'user_dismissed' };
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Unknown error';
      return { success: false, reason: 'error', message };
    }
  }
  const platform = platformOf(env.userAgent);
  if (platform === 'samsung') return { success: false, reason: 'samsung_manual' };
  if (platform === 'android') return { success: false, reason: 'android_manual' };
  if (platform === 'ios') return { success: false, reason: 'ios_manual' };
  return { success: false, reason: 'unsupported' };
}
