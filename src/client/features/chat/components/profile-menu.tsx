import { Crown, LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatUsage } from '#contract/chat.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.tsx';

const accountTypes: Record<PublicUser['appUserType'], string> = { standard: 'Standard', subscriber: 'Subscriber', vip: 'VIP', admin: 'Admin' };

/** Spec section 3: a stored profile image path is served under /api. */
function imageUrl(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path) || path.startsWith('/api/')) return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

function Avatar({ user, size }: { user: PublicUser; size: 'sm' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const src = imageUrl(user.profileImageUrl);
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  const box = size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm';
  if (src && !failed) return <img src={src} alt="" className={`${box} shrink-0 rounded-full object-cover`} onError={() => setFailed(true)} />;
  return (
    <span aria-hidden className={`${box} flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}>
      {initials}
    </span>
  );
}

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

/** Avatar menu (spec section 2): who is signed in, the subscription summary, Upgrade (free only), Sign Out. */
export function ProfileMenu({
  user,
  usage,
  onUpgrade,
  onSignOut,
  extras,
}: {
  user: PublicUser;
  usage: ChatUsage | undefined;
  onUpgrade: () => void;
  onSignOut: () => void;
  extras?: ProfileMenuExtras;
}) {
  const premium = usage?.isPremium ?? user.isPremium;
  const rows: [string, string][] = [
    ...(extras?.planRows ? [] : ([['Plan', premium ? 'Premium' : 'Free']] as [string, string][])),
    ['Account type', accountTypes[user.appUserType]],
    ['Daily interactions', usage ? allowance(usage.interactionsUsed, usage.interactionsLimit) : '…'],
    ['Document analysis', usage ? allowance(usage.attachmentsUsed, usage.attachmentsLimit) : '…'],
  ];
  return (
    <DropdownMenu modal={false}>
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
