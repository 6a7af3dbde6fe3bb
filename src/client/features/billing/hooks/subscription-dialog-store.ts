import { useSyncExternalStore } from 'react';

/**
 * Which subscription dialog is open. A store rather than component state, because the menu item
 * that opens a dialog is gone as soon as the menu closes, while the dialog must stay.
 */
export type SubscriptionDialog = 'cancel' | 'switch' | null;

let open: SubscriptionDialog = null;
const listeners = new Set<() => void>();

export function openSubscriptionDialog(dialog: SubscriptionDialog): void {
  open = dialog;
  for (const listener of listeners) listener();
}

export function useOpenSubscriptionDialog(): SubscriptionDialog {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => null,
  );
}
