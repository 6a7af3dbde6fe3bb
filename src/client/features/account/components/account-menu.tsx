import { useQuery } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatUsage } from '#contract/chat.ts';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { api } from '#client/lib/api-client.ts';
import { useSignOut } from '#client/lib/session.ts';
import { ProfileMenu, type ProfileMenuExtras } from './profile-menu.tsx';

/*
 * The dialogs are chunks of their own, with their forms (react-hook-form, zod and the contract's schemas),
 * asked for when the menu opens and mounted when first opened: a page showing the menu loads none of it
 * (issue 18, decision 042).
 */
const loadEditProfile = () => import('./edit-profile-dialog.tsx');
const loadSecurity = () => import('./security-dialog.tsx');
const loadDeleteAccount = () => import('./delete-account-dialog.tsx');
const EditProfileDialog = lazy(() => loadEditProfile().then((m) => ({ default: m.EditProfileDialog })));
const SecurityDialog = lazy(() => loadSecurity().then((m) => ({ default: m.SecurityDialog })));
const DeleteAccountDialog = lazy(() => loadDeleteAccount().then((m) => ({ default: m.DeleteAccountDialog })));
const preloadDialogs = () => void Promise.all([loadEditProfile(), loadSecurity(), loadDeleteAccount()]).catch(() => {});

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
        onMenuOpen={preloadDialogs}
      />
      <WhenOpened open={dialog === 'profile'}>
        <EditProfileDialog user={user} open={dialog === 'profile'} onOpenChange={close} />
      </WhenOpened>
      <WhenOpened open={dialog === 'security'}>
        <SecurityDialog userId={user.id} open={dialog === 'security'} onOpenChange={close} cookiePreferences={cookiePreferences} onDeleteAccount={() => setDialog('delete')} />
      </WhenOpened>
      <WhenOpened open={dialog === 'delete'}>
        <DeleteAccountDialog
          userId={user.id}
          hasSubscription={user.appUserType === 'subscriber'}
          open={dialog === 'delete'}
          onOpenChange={(open) => setDialog(open ? 'delete' : 'security')}
        />
      </WhenOpened>
    </>
  );
}
