import { useSyncExternalStore } from 'react';

/** Tailwind's lg breakpoint (64rem): from here the sidebar is a column beside the conversation, below it a drawer. */
export const LARGE_SCREEN_QUERY = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(LARGE_SCREEN_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const isLarge = () => typeof window.matchMedia === 'function' && window.matchMedia(LARGE_SCREEN_QUERY).matches;

/** Whether the screen is at least lg wide, following resizes and rotations. */
export function useLargeScreen(): boolean {
  return useSyncExternalStore(subscribe, isLarge, () => true);
}
