import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// What jsdom lacks and the components use: Radix (pointer capture, scrolling into view) and the
// notice toaster (the colour-scheme media query). No test needs them to do anything.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;

// findBy* and waitFor give up after 1 s by default: on a shared 2-core machine under load a lazy chunk's import
// or a render takes longer, and sound tests failed (seen at load 14). Like the suite's own limits (vite.config.ts),
// this catches a hang, not slowness.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Sonner keeps its notices in module state and replays the ones still active to the next Toaster that
  // mounts: a notice a test left on screen would reach the next test's toaster, ahead of (and for its
  // duration, instead of) that test's own notice.
  toast.dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
