import { useEffect, useRef } from 'react';

/** Typing in a field, or a dialog, menu or list open: their keys are theirs. */
function keysBelongElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

/**
 * The chat screen's keyboard shortcuts (issue 14, point 4), listed in the shortcuts dialog:
 * Ctrl/⌘+Shift+O starts a new conversation and Ctrl/⌘+Shift+. shows or hides the conversations sidebar
 * (both also from the message box; the period is matched by its key's place, whatever the layout),
 * "/" focuses the message box, "?" opens the list. Esc stops a reply (use-escape-to-stop.ts).
 */
export function useChatShortcuts(actions: { newConversation: () => void; toggleSidebar: () => void; focusInput: () => void; showShortcuts: () => void }): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'o') {
        if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
        event.preventDefault();
        latest.current.newConversation();
        return;
      }
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'Period') {
        if (document.querySelector('[role="alertdialog"]') || document.querySelector('[role="dialog"]:not([data-testid="chat-sidebar"])')) return;
        event.preventDefault();
        latest.current.toggleSidebar();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || keysBelongElsewhere(event)) return;
      if (event.key === '/') {
        event.preventDefault();
        latest.current.focusInput();
      } else if (event.key === '?') {
        event.preventDefault();
        latest.current.showShortcuts();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
