import { lazy, Suspense, useCallback, useState } from 'react';

const loadDialog = () => import('../components/upgrade-dialog.tsx');
const UpgradeDialog = lazy(loadDialog);

/**
 * The upgrade dialog, loaded on demand so its code (and the dialog primitives) stay off the
 * landing page's first load. `preload` on hover or focus makes opening instant.
 */
export function useUpgradeDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const openDialog = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const preload = useCallback(() => void loadDialog(), []);
  const dialog = mounted ? (
    <Suspense fallback={null}>
      <UpgradeDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
  return { openDialog, preload, dialog };
}
