import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatUsage } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';
import { useSignOut } from '#client/lib/session.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { ProfileMenu, type ProfileMenuExtras } from './profile-menu.tsx';
import { SecurityDialog } from './security-dialog.tsx';

type OpenDialog = 'profile' | 'security' | 'delete' | null;

/**
 * The account menu of every signed-in page (/chat, /history) with its dialogs. Other features' parts
 * come from the app layer: billing's plan rows and items (`extras`), the consent toggle
 * (`cookiePreferences`). Without `usage`, today's counters are read here.
 */
export function AccountMenu({
  user,
  usage,
  onUpgrade,
  extras,
  cookiePreferences,
}: {
  user: PublicUser;
  usage?: ChatUsage;
  onUpgrade?: () => void;
  extras?: ProfileMenuExtras;
  cookiePreferences?: ReactNode;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [, navigate] = useLocation();
  const signOut = useSignOut();
  // The chat's own key for today's counters (features do not import each other): where the page reads them
  // too (/chat, before its answer), both ask once, not twice (issue 18, decision 042).
  const ownUsage = useQuery({
    queryKey: ['/api/chat/usage', user.id],
    queryFn: ({ signal }) => api.get<ChatUsage>('/api/chat/usage', { signal }),
    enabled: usage === undefined,
    staleTime: 0,
  });
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  return (
    <>
      <ProfileMenu
        user={user}
        usage={usage ?? ownUsage.data}
        onUpgrade={onUpgrade ?? (() => navigate('/plans'))}
        onSignOut={() => void signOut()}
        onEditProfile={() => setDialog('profile')}
        onSecurity={() => setDialog('security')}
        onAdminDashboard={() => navigate('/admin')}
        extras={extras}
      />
      <EditProfileDialog user={user} open={dialog === 'profile'} onOpenChange={close} />
      <SecurityDialog userId={user.id} open={dialog === 'security'} onOpenChange={close} cookiePreferences={cookiePreferences} onDeleteAccount={() => setDialog('delete')} />
      <DeleteAccountDialog
        userId={user.id}
        hasSubscription={user.appUserType === 'subscriber'}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : 'security')}
      />
    </>
  );
}
