import { Crown, LayoutDashboard, LogOut, Shield, UserPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { accountText } from '#contract/account-text.ts';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatUsage } from '#contract/chat.ts';
import { storageUsageText } from '#contract/documents-text.ts';
import { Avatar } from '#client/components/avatar.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';

const accountTypes: Record<PublicUser['appUserType'], string> = { standard: 'Standard', subscriber: 'Subscriber', vip: 'VIP', admin: 'Admin' };

function allowance(used: number, limit: number): string {
  return limit < 0 ? 'Unlimited' : `${used} / ${limit}`;
}

/** What other features add to the menu (composed in app/pages): the plan rows of the summary and their menu items. */
export interface ProfileMenuExtras {
  /** Replaces the summary's 'Plan' row (e.g. with the period and the next billing date). */
  planRows?: ReactNode;
  /** Items shown above Sign Out. */
  items?: ReactNode;
}

/**
 * Avatar menu (spec section 2): who is signed in, the subscription summary, Edit Profile, Security,
 * Upgrade (free only), Admin Dashboard (admins only), Sign Out.
 */
export function ProfileMenu({
  user,
  usage,
  onUpgrade,
  onSignOut,
  onEditProfile,
  onSecurity,
  onAdminDashboard,
  extras,
  onMenuOpen,
}: {
  user: PublicUser;
  usage: ChatUsage | undefined;
  onUpgrade: () => void;
  onSignOut: () => void;
  onEditProfile: () => void;
  onSecurity: () => void;
  onAdminDashboard: () => void;
  extras?: ProfileMenuExtras;
  /** The menu opened: what its items open may be asked for now. */
  onMenuOpen?: () => void;
}) {
  const premium = usage?.isPremium ?? user.isPremium;
  const rows: [string, string][] = [
    ...(extras?.planRows ? [] : ([['Plan', premium ? 'Premium' : 'Free']] as [string, string][])),
    ['Account type', accountTypes[user.appUserType]],
    ['Daily interactions', usage ? allowance(usage.interactionsUsed, usage.interactionsLimit) : '…'],
    ['Document analysis', usage ? allowance(usage.attachmentsUsed, usage.attachmentsLimit) : '…'],
    ['Document storage', usage ? storageUsageText(usage.storageUsedBytes, usage.storageLimitBytes) : '…'],
  ];
  return (
    <DropdownMenu modal={false} onOpenChange={(open) => (open ? onMenuOpen?.() : undefined)}>
      <DropdownMenuTrigger className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring" aria-label="Profile menu">
        <Avatar user={user} size="sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar user={user} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <DropdownMenuSeparator />
        {/* Plain text, not a list: a menu may hold only items, groups and separators for assistive tech. */}
        <div className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 px-2.5 py-2 text-xs" data-testid="subscription-summary">
          {extras?.planRows}
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <span className="text-muted-foreground">{label}</span>
              <span className="text-right font-medium tabular-nums">
                {label === 'Plan' && premium ? (
                  <span className="inline-flex items-center gap-1 text-accent-foreground">
                    <Crown className="size-3" aria-hidden />
                    {value}
                  </span>
                ) : (
                  value
                )}
              </span>
            </div>
          ))}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onEditProfile}>
          <UserPen aria-hidden />
          {accountText.editProfile}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSecurity}>
          <Shield aria-hidden />
          {accountText.security}
        </DropdownMenuItem>
        {user.appUserType === 'admin' ? (
          <DropdownMenuItem onSelect={onAdminDashboard}>
            <LayoutDashboard aria-hidden />
            {accountText.adminDashboard}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {!premium ? (
          <DropdownMenuItem onSelect={onUpgrade} className="font-semibold [&_svg]:text-brand">
            <Crown aria-hidden />
            Upgrade to Premium
          </DropdownMenuItem>
        ) : null}
        {extras?.items}
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
