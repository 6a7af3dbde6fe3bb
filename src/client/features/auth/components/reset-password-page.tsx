import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { authText, resetPasswordFormSchema, type ResetPasswordForm } from '#contract/auth.ts';
import { AuthLayout } from '#client/components/layout/auth-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';

export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (token) return;
    notify({ ...authText.resetLinkMissing, variant: 'destructive' });
    navigate('/signin', { replace: true });
  }, [token, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token: token ?? '', password });
      setDone(true);
    } catch (error) {
      notify({ ...authText.resetFailed(error instanceof ApiError ? error.message : undefined), variant: 'destructive' });
    }
  });

  if (!token) return null;

  return (
    <AuthLayout>
      {done ? (
        <Card>
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="size-12 text-success" aria-hidden />
            <CardTitle level={1}>Password Reset Complete!</CardTitle>
            <CardDescription>Your password has been changed and every other device has been signed out. Sign in with your new password.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild className="w-full" size="lg">
              <Link href="/signin">Sign In</Link>
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <Card>
          <CardHeader className="text-center">
            <CardTitle level={1}>Choose a New Password</CardTitle>
            <CardDescription>Pick a password of at least 8 characters that you do not use elsewhere.</CardDescription>
          </CardHeader>
          <form onSubmit={onSubmit} noValidate>
            <CardContent className="grid gap-5">
              <FormField label="New password" error={errors.password?.message}>
                {(field) => <PasswordInput {...field} autoComplete="new-password" autoFocus {...form.register('password')} />}
              </FormField>
              <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
                {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />}
              </FormField>
            </CardContent>
            <CardFooter>
              <Button type="submit" className="w-full" size="lg" disabled={reset.isPending}>
                {reset.isPending ? <Spinner /> : null}
                Reset Password
              </Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </AuthLayout>
  );
}
