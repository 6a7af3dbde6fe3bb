import type { ReactNode } from 'react';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { HistoryUpgradePrompt } from './history-upgrade-prompt.tsx';
import { HistoryWorkspace } from './history-workspace.tsx';

/** /history (spec section 2); the app layer gives it the account menu: the signed-in user's conversations, grouped by day, searchable. RequireAuth guarantees the user. */
export default function HistoryPage({ profileMenu }: { profileMenu?: ReactNode } = {}) {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SiteHeader>{profileMenu}</SiteHeader>
      <EmailVerificationBanner />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {user ? user.isPremium ? <HistoryWorkspace userId={user.id} /> : <HistoryUpgradePrompt /> : null}
      </main>
    </div>
  );
}
