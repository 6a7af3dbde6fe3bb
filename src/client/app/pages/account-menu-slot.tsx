import type { PublicUser } from '#contract/auth.ts';
import type { ChatUsage } from '#contract/chat.ts';
import { AccountMenu } from '#client/features/account/components/account-menu.tsx';
import { SubscriptionMenuItems, SubscriptionPlanRows } from '#client/features/billing/components/subscription-summary.tsx';
import { CookiePreferenceToggle } from '#client/features/consent/components/cookie-preference-toggle.tsx';

/** The account menu as every signed-in page shows it: billing's plan rows and items, the consent toggle. */
export function AccountMenuSlot({ user, usage, onUpgrade }: { user: PublicUser; usage?: ChatUsage; onUpgrade?: () => void }) {
  return (
    <AccountMenu
      user={user}
      usage={usage}
      onUpgrade={onUpgrade}
      extras={{ planRows: <SubscriptionPlanRows user={user} premium={user.isPremium} />, items: <SubscriptionMenuItems user={user} /> }}
      cookiePreferences={<CookiePreferenceToggle />}
    />
  );
}
