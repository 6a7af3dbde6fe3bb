import { lazy, Suspense, useSyncExternalStore } from 'react';
import { noticesRequested, subscribeToNoticeRequests } from '#client/lib/notify.ts';

const NoticeToaster = lazy(() => import('./notice-toaster.tsx'));

/** Mounts the toaster only once a notice is wanted, keeping its code off the first page load. */
export function NoticeHost() {
  const needed = useSyncExternalStore(subscribeToNoticeRequests, noticesRequested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NoticeToaster />
    </Suspense>
  );
}
