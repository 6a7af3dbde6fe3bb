import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { authText, forgotPasswordInputSchema, type ForgotPasswordInput } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

/**
 * "Forgot Password?" on the sign-in page: a chunk of its own, loaded when the link is pointed at or
 * pressed (the sign-in page is prerendered and hydrates without it). Opens with the address typed in
 * the sign-in form.
 */
export default function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: { open: boolean; onOpenChange: (open: boolean) => void; defaultEmail?: string }) {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: defaultEmail ?? '' } });
  const setOpen = onOpenChange;
  // Each time it opens, it starts from the address typed in the sign-in form.
  useEffect(() => {
    if (open && defaultEmail) form.setValue('email', defaultEmail);
  }, [open, defaultEmail, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await forgot.mutateAsync(values);
      notify({ ...authText.resetEmailSent, description: message, variant: 'success' });
      setOpen(false);
      form.reset();
    } catch (error) {
      notify({ ...authText.resetEmailFailed(error instanceof ApiError ? error.message : undefined), variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Forgot Password</DialogTitle>
          <DialogDescription>Enter the e-mail address of your account and we will send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        {/* The dialog is portalled out of the sign-in form in the DOM, but React still bubbles its submit
            event up the component tree: without stopping it here, sending a reset link also signed in. */}
        <form
          onSubmit={(event) => {
            event.stopPropagation();
            void onSubmit(event);
          }}
          noValidate
          className="grid gap-4"
        >
          <FormField label="Email" error={form.formState.errors.email?.message}>
            {(field) => <Input {...field} type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />}
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={forgot.isPending}>
              {forgot.isPending ? <Spinner /> : null}
              Send Reset Link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
