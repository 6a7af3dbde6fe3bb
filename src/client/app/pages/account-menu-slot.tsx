import { Brain } from 'lucide-react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import { memoryText } from '#contract/memory-text.ts';
import { DropdownMenuItem } from '#client/components/ui/dropdown-menu.tsx';
import type { ChatUsage } from '#contract/chat.ts';
import { AccountMenu } from '#client/features/account/components/account-menu.tsx';
import { SubscriptionMenuItems, SubscriptionPlanRows } from '#client/features/billing/components/subscription-summary.tsx';
import { CookiePreferenceToggle } from '#client/features/consent/components/cookie-preference-toggle.tsx';

/** The account menu as every signed-in page shows it: billing's plan rows and items, the consent toggle. */
export function AccountMenuSlot({ user, usage, onUpgrade }: { user: PublicUser; usage?: ChatUsage; onUpgrade?: () => void }) {
  const [, navigate] = useLocation();
  return (
    <AccountMenu
      user={user}
      usage={usage}
      onUpgrade={onUpgrade}
      extras={{ planRows: <SubscriptionPlanRows user={user} premium={user.isPremium} />, items: (
          <>
            {/* Company memory (decision 073): what every advisor knows. */}
            <DropdownMenuItem onSelect={() => navigate('/memory')}>
              <Brain aria-hidden />
              {memoryText.openMemory}
            </DropdownMenuItem>
            <SubscriptionMenuItems user={user} />
          </>
        ),
      }}
      cookiePreferences={<CookiePreferenceToggle />}
    />
  );
}
