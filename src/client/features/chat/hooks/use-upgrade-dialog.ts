import { useCallback, useState } from 'react';

/** The upgrade dialog of the chat screen: open or closed, and why it opened (a locked advisor, the daily limit...). */
export function useUpgradeDialog() {
  const [state, setState] = useState<{ open: boolean; reason: string | null }>({ open: false, reason: null });
  const show = useCallback((reason?: string) => setState({ open: true, reason: reason ?? null }), []);
  const onOpenChange = useCallback((open: boolean) => setState((current) => ({ ...current, open })), []);
  return { ...state, show, onOpenChange };
}
