import { useEffect, useRef } from 'react';

/**
 * Esc stops the reply being written, from anywhere on the screen, as in the chat apps people know.
 * Not while a dialog, menu or listbox is open: there Esc closes that first.
 */
export function useEscapeToStop(streaming: boolean, stop: () => void): void {
  const stopRef = useRef(stop);
  stopRef.current = stop;
  useEffect(() => {
    if (!streaming) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      event.preventDefault();
      stopRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [streaming]);
}
