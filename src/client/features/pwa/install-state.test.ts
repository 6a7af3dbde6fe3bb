import { describe, expect, it } from 'vitest';
import { attemptInstall, installOfferFor, isInstallable, isInstalled, type InstallEnvironment, type InstallPrompt } from './install-state.ts';

const ua = {
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  android: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 15; SM-S931B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
};

function env(overrides: Partial<InstallEnvironment> = {}): InstallEnvironment {
  return { userAgent: ua.chromeDesktop, viewportWidth: 1280, secure: true, standalone: false, iosStandalone: false, storedInstalled: false, reportedInstalled: false, ...overrides };
}

function fakePrompt(choice: 'accepted' | 'dismissed' | Error | 'throw-non-error'): InstallPrompt & { shown: number } {
  const fake = {
    shown: 0,
    prompt: async () => {
      fake.shown += 1;
      if (choice instanceof Error) throw choice;
      if (choice === 'throw-non-error') throw 'boom' as unknown as Error;
    },
    userChoice: Promise.resolve({ outcome: choice === 'dismissed' ? ('dismissed' as const) : ('accepted' as const) }),
  };
  return fake;
}

describe('installed', () => {
  it.each([['standalone display mode', { standalone: true }], ['the iOS standalone flag', { iosStandalone: true }], ['the pwa-installed flag', { storedInstalled: true }], ["the browser's report", { reportedInstalled: true }]] as const)(
    'is installed by %s, which hides the offer even with a prompt',
    (_, flags) => {
      expect(isInstalled(env(flags))).toBe(true);
      expect(isInstallable(env(flags), true)).toBe(false);
      expect(installOfferFor(env(flags), true)).toBe('none');
    },
  );
});

describe('installable', () => {
  it('is installable with a captured prompt, or on a mobile device; a desktop without a prompt is neither', () => {
    expect(isInstallable(env(), true)).toBe(true);
    expect(isInstallable(env({ userAgent: ua.iphone, viewportWidth: 390 }), false)).toBe(true);
    expect(isInstallable(env({ viewportWidth: 767 }), false)).toBe(true);
    expect(isInstallable(env({ viewportWidth: 768 }), false)).toBe(false);
  });

  it('offers the button on Chrome and non-Samsung Android, manual steps on iOS and Samsung', () => {
    expect(installOfferFor(env(), true)).toBe('button');
    expect(installOfferFor(env({ userAgent: ua.android, viewportWidth: 412 }), false)).toBe('button');
    expect(installOfferFor(env({ userAgent: ua.iphone, viewportWidth: 390 }), false)).toBe('ios_manual');
    expect(installOfferFor(env({ userAgent: ua.ipad, viewportWidth: 820 }), false)).toBe('ios_manual');
    expect(installOfferFor(env({ userAgent: ua.samsung, viewportWidth: 412 }), false)).toBe('samsung_manual');
    expect(installOfferFor(env({ userAgent: ua.firefoxDesktop }), false)).toBe('none');
  });
});

describe('install attempt outcomes (spec section 5)', () => {
  it('https_required on a mobile device without a secure connection', async () => {
    expect(await attemptInstall(env({ userAgent: ua.android, viewportWidth: 412, secure: false }), fakePrompt('accepted'))).toEqual({ success: false, reason: 'https_required' });
  });

  it('native success when the prompt is accepted, after showing it', async () => {
    const prompt = fakePrompt('accepted');
    expect(await attemptInstall(env(), prompt)).toEqual({ success: true, type: 'native' });
    expect(prompt.shown).toBe(1);
  });

  it('user_dismissed when the prompt is dismissed', async () => {
    expect(await attemptInstall(env(), fakePrompt('dismissed'))).toEqual({ success: false, reason: 'user_dismissed' });
  });

  it("error with the prompt's message, or 'Unknown error'", async () => {
    expect(await attemptInstall(env(), fakePrompt(new Error('Prompt already shown')))).toEqual({ success: false, reason: 'error', message: 'Prompt already shown' });
    expect(await attemptInstall(env(), fakePrompt('throw-non-error'))).toEqual({ success: false, reason: 'error', message: 'Unknown error' });
  });

  it.each([
    ['samsung_manual', ua.samsung],
    ['android_manual', ua.android],
    ['ios_manual', ua.iphone],
    ['ios_manual', ua.ipad],
    ['unsupported', ua.firefoxDesktop],
  ] as const)('%s without a prompt (%s)', async (reason, userAgent) => {
    expect(await attemptInstall(env({ userAgent, viewportWidth: 390 }), null)).toEqual({ success: false, reason });
  });
});
