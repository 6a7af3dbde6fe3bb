import { lazy, Suspense, useCallback, useRef, useState } from 'react';

const loadDialog = () => import('../components/upgrade-dialog.tsx');
const UpgradeDialog = lazy(loadDialog);

/**
 * The upgrade dialog, loaded on demand so its code (and the dialog primitives) stay off the
 * landing page's first load. `preload` on hover or focus makes opening instant.
 */
export function useUpgradeDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The button that opened the dialog gets focus back when it closes (there is no Radix trigger).
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMounted(true);
    setOpen(true);
  }, []);
  const preload = useCallback(() => void loadDialog(), []);
  const dialog = mounted ? (
    <Suspense fallback={null}>
      <UpgradeDialog open={open} onOpenChange={setOpen} returnFocusTo={opener} />
    </Suspense>
  ) : null;
  return { openDialog, preload, dialog };
}
