import { zodResolver } from '@hookform/resolvers/zod';
import { Monitor, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { accountText, changePasswordFormSchema, type ChangePasswordForm } from '#contract/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useEndSession, useUserSessions } from '../api/user-sessions.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Security (spec sections 2 and 5): change password (ends every other session), the signed-in
 * devices with sign-out, cookie preferences (the consent feature's toggle, supplied by the app
 * layer) and the way to delete the account.
 */
export function SecurityDialog({
  userId,
  open,
  onOpenChange,
  cookiePreferences,
  onDeleteAccount,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cookiePreferences?: ReactNode;
  onDeleteAccount: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{accountText.security}</DialogTitle>
          <DialogDescription>Your password, the devices signed in to your account, and your privacy choices.</DialogDescription>
        </DialogHeader>
        {open ? (
          <div className="grid gap-5">
            <Section title="Change password">
              <ChangePasswordForm userId={userId} />
            </Section>
            <Section title={accountText.activeSessions}>
              <SessionList userId={userId} />
            </Section>
            {cookiePreferences ? <Section title={accountText.cookiePreferences}>{cookiePreferences}</Section> : null}
            <Section title={accountText.deleteAccount}>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground">Permanently remove your account and everything in it.</p>
                <Button type="button" variant="destructive" size="sm" onClick={onDeleteAccount}>
                  <Trash2 aria-hidden />
                  {accountText.deleteAccount}
                </Button>
              </div>
            </Section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const [current, next, confirm] = form.watch(['currentPassword', 'newPassword', 'confirmPassword']);
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      notify({ ...accountText.passwordChanged, variant: 'success' });
      form.reset();
    } catch (error) {
      notify({ ...accountText.passwordChangeFailed(error instanceof Error ? error.message : undefined), variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(field) => <PasswordInput {...field} autoComplete="current-password" {...form.register('currentPassword')} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="New password" error={errors.newPassword?.message}>
          {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('newPassword')} />}
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />}
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">Changing it signs you out everywhere else.</p>
      <div>
        <Button type="submit" disabled={!current || !next || !confirm || isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Change password
        </Button>
      </div>
    </form>
  );
}

const seen = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function SessionList({ userId }: { userId: string }) {
  const sessions = useUserSessions(userId, true);
  const end = useEndSession(userId);
  if (sessions.isPending) return <Spinner label="Loading sessions" />;
  if (sessions.isError) return <p className="text-sm text-destructive">Could not load your sessions.</p>;
  return (
    <ul className="grid gap-2" data-testid="session-list">
      {sessions.data.map((session) => (
        <li key={session.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
          <Monitor className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">
              {session.device}
              {session.current ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">{accountText.thisDevice}</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">Last active {seen.format(new Date(session.lastSeenAt))}</p>
          </div>
          {session.current ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={end.isPending}
              aria-label={`${accountText.signOutDevice}: ${session.device}`}
              onClick={() =>
                end.mutate(session.id, { onError: (error) => notify({ title: 'Error', description: error.message, variant: 'destructive' }) })
              }
            >
              {accountText.signOutDevice}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
