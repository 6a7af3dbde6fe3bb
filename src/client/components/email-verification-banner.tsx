import { useState } from 'react';
import { MailCheck, X } from 'lucide-react';
import { verificationText } from '#contract/auth-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { ResendVerificationButton, useReadAccountWhileUnverified } from './resend-verification.tsx';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

/**
 * A quiet strip under the header while the signed-in user's address is not verified (decision 017):
 * what to do, and a way to get the link again (the server allows one a minute). One slim line that can be
 * dismissed for the rest of the tab's session (issue 29, point 16: the conversation gets the room).
 */
export function EmailVerificationBanner() {
  const { user } = useCurrentUser();
  const waiting = user !== null && !user.emailVerified;
  const [dismissedFor, setDismissedFor] = useState(() => readStorage('session', sessionKeys.verifyBannerDismissed));
  useReadAccountWhileUnverified(waiting);

  if (!user || !waiting || dismissedFor === user.id) return null;

  const dismiss = () => {
    writeStorage('session', sessionKeys.verifyBannerDismissed, user.id);
    setDismissedFor(user.id);
  };

  return (
    <section aria-label="Email verification" className="border-b bg-secondary/60 text-secondary-foreground">
      <div className="mx-auto flex max-w-6xl items-center gap-2 py-1 pr-1 pl-3 text-xs sm:gap-3 sm:pr-3 sm:pl-6 sm:text-sm">
        <MailCheck className="size-4 shrink-0 text-brand" aria-hidden />
        <p className="min-w-0 flex-1 truncate" title={verificationText.banner(user.email)}>
          {verificationText.banner(user.email)}
        </p>
        <ResendVerificationButton variant="outline" size="sm" className="h-7 shrink-0 px-2.5 text-xs" />
        <Button variant="ghost" size="icon" className="size-7 shrink-0" aria-label={verificationText.dismiss} title={verificationText.dismiss} onClick={dismiss}>
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
