import { useCallback, useState } from 'react';
import { localKeys, readStorage, writeStorage } from '#client/lib/storage-keys.ts';

/** The sidebar column folded to its rail (large screens), remembered in this browser (decision 033). */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(() => readStorage('local', localKeys.chatSidebarCollapsed) === 'true');
  const setCollapsed = useCallback((next: boolean) => {
    setState(next);
    writeStorage('local', localKeys.chatSidebarCollapsed, next ? 'true' : null);
  }, []);
  return [collapsed, setCollapsed];
}
