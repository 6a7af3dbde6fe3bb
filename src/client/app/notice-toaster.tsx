import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachNoticePresenter } from '#client/lib/notify.ts';
import { NOTICE_REMOVE_DELAY_MS } from '#contract/limits.ts';

/** Loaded on the first notice (see lib/notify.ts): the toaster and the function that fills it. */
export default function NoticeToaster() {
  // Runs after the Toaster's own effect has subscribed, so no notice is dropped.
  useEffect(
    () =>
      attachNoticePresenter(({ title, description, variant = 'default' }) => {
        // One notice at a time: a new one replaces whatever is showing.
        toast.dismiss();
        const show = variant === 'destructive' ? toast.error : variant === 'success' ? toast.success : toast;
        show(title, { description });
      }),
    [],
  );
  return (
    <Toaster
      visibleToasts={1}
      duration={NOTICE_REMOVE_DELAY_MS}
      closeButton
      position="top-center"
      // Below the sticky headers (the app's 57 px, the landing's 65 px), never over its buttons; on a phone, inset from both edges so the
      // close button at the notice's corner stays on screen (issue 29, point 18).
      offset={{ top: 76 }}
      mobileOffset={{ top: 76, left: 14, right: 14 }}
      className="notice-toaster"
      theme="system"
      richColors
      toastOptions={{ classNames: { title: 'font-semibold!' } }}
    />
  );
}
