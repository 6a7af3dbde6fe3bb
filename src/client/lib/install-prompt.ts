/**
 * Keeps the browser's install prompt (beforeinstallprompt) from the first moment, before any lazy
 * page has loaded; the install offer (features/pwa) reads and clears it. Tiny on purpose: main.tsx
 * imports it, so it counts against the landing budget; boot.ts keeps a prompt offered even earlier.
 */
export interface DeferredInstallPrompt extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let captured: DeferredInstallPrompt | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function captureInstallPrompt(target: Window = window): void {
  // One offered before the app loaded was kept by the page's first script (src/client/boot.ts).
  const early = target as Window & { earlyInstallPrompt?: DeferredInstallPrompt };
  if (early.earlyInstallPrompt) {
    captured = early.earlyInstallPrompt;
    delete early.earlyInstallPrompt;
  }
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as DeferredInstallPrompt;
    notify();
  });
}

export function installPrompt(): DeferredInstallPrompt | null {
  return captured;
}

export function clearInstallPrompt(): void {
  captured = null;
  notify();
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
