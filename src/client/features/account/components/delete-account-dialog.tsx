import { useQueryClient } from '@tanstack/react-query';
import { CircleMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { accountMessages, accountText } from '#contract/account-text.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** Spec section 9: the delay between 'Account deleted' and the home page. */
export const ACCOUNT_DELETED_REDIRECT_MS = 2000;

/**
 * Account deletion (spec sections 2 and 4): what goes, an optional reason, the password (issue 29, point 10),
 * Cancel / Delete My Account; then 'Account deleted', both storages cleared, and / after 2 s.
 */
export function DeleteAccountDialog({
  userId,
  hasSubscription,
  open,
  onOpenChange,
}: {
  userId: string;
  hasSubscription: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount(userId);
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reasonId = useId();
  const passwordId = useId();
  const passwordErrorId = useId();
  const removed = [...accountText.deletionRemoves, ...(hasSubscription ? [accountText.deletionRemovesSubscription] : [])];

  async function confirm() {
    // The password first (issue 29, point 10): nothing is removed on one click.
    if (!password) {
      setPasswordError(accountMessages.passwordToDelete);
      return;
    }
    setPasswordError(null);
    try {
      await remove.mutateAsync({ currentPassword: password, deletionReason: reason });
      setDone(true);
      notify({ ...accountText.accountDeleted, variant: 'success' });
      localStorage.clear();
      sessionStorage.clear();
      queryClient.clear();
      // A full load: nothing of the account stays in memory either.
      setTimeout(() => window.location.assign('/'), ACCOUNT_DELETED_REDIRECT_MS);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'bad_request:delete_password') {
        setPasswordError(error.message);
        return;
      }
      notify({ ...accountText.deleteFailed(error instanceof Error ? error.message : undefined), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (done || remove.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{accountText.deleteAccount}</DialogTitle>
          <DialogDescription>This cannot be undone. Deleting your account permanently removes:</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm">
          {removed.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <CircleMinus className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>
            Why are you leaving? <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea id={reasonId} value={reason} maxLength={1000} rows={3} onChange={(event) => setReason(event.target.value)} disabled={done} />
        </div>
        <form
          className="grid gap-2"
          id={`${passwordId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Label htmlFor={passwordId}>{accountText.deletePasswordLabel}</Label>
          <PasswordInput
            id={passwordId}
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
            disabled={done}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? passwordErrorId : undefined}
          />
          {passwordError ? (
            <p id={passwordErrorId} role="alert" className="text-sm text-destructive">
              {passwordError}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending || done}>
            Cancel
          </Button>
          <Button type="submit" form={`${passwordId}-form`} variant="destructive" disabled={remove.isPending || done || !password}>
            {remove.isPending ? <Spinner /> : null}
            {accountText.deleteConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
