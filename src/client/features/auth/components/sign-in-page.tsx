import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { SignInInput } from '#contract/auth.ts';
import { authText } from '#contract/auth-text.ts';
import { AuthLayout } from '#client/components/layout/auth-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { localKeys, writeStorage } from '#client/lib/storage-keys.ts';
import { useSignIn } from '../api/sign-in.ts';
import { lazyZodResolver } from '#client/lib/lazy-form-resolver.ts';
import { useHydrated } from '#client/lib/use-hydrated.tsx';
import { safeRedirect } from './safe-redirect.ts';

// The form's validation and the reset dialog load when used, not with the page (decision 043).
const validation = lazyZodResolver<SignInInput>(() => import('#contract/auth.ts').then((m) => m.signInInputSchema));
const loadForgotPasswordDialog = () => import('./forgot-password-dialog.tsx');
const ForgotPasswordDialog = lazy(loadForgotPasswordDialog);

export default function SignInPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const signIn = useSignIn();
  // Prerendered: until hydrated, Enter in a field would submit the form to this address (the password in the URL).
  const hydrated = useHydrated();
  const form = useForm<SignInInput>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const { errors } = form.formState;
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotWanted, setForgotWanted] = useState(false);
  const preloadForgot = () => void loadForgotPasswordDialog().catch(() => {});

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      writeStorage('local', localKeys.testPremium, null);
      navigate(safeRedirect(new URLSearchParams(search).get('redirect'), '/chat'));
    } catch (error) {
      // Too many attempts (for this address or this account) says so and how long to wait; every
      // other failure is the one message that never tells which of e-mail or password was wrong.
      const throttled = error instanceof ApiError && error.status === 429;
      notify({ ...(throttled ? authText.signInThrottled(error.message) : authText.signInFailed), variant: 'destructive' });
    }
  });

  return (
    <AuthLayout
      headerActions={
        <Button asChild variant="ghost" size="sm">
          <Link href="/plans">Sign Up</Link>
        </Button>
      }
    >
      <Card>
        <CardHeader className="text-center">
          <CardTitle level={1}>Welcome Back</CardTitle>
          <CardDescription>Sign in to pick up where you left off with your advisors.</CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} onFocus={validation.preload} onKeyDown={validation.preload} onPointerDown={validation.preload} noValidate>
          <CardContent className="grid gap-5">
            <FormField label="Email" error={errors.email?.message}>
              {(field) => <Input {...field} type="email" autoComplete="email" placeholder="you@company.com" autoFocus {...form.register('email')} />}
            </FormField>
            <FormField label="Password" error={errors.password?.message}>
              {(field) => <PasswordInput {...field} autoComplete="current-password" {...form.register('password')} />}
            </FormField>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="remember-me"
                  checked={form.watch('rememberMe')}
                  onCheckedChange={(checked) => form.setValue('rememberMe', checked === true)}
                />
                <Label htmlFor="remember-me" className="font-normal">
                  Stay signed in for 90 days
                </Label>
              </div>
              <Button
                type="button"
                variant="link"
                className="h-auto px-0 text-sm font-medium"
                onPointerEnter={preloadForgot}
                onFocus={preloadForgot}
                onClick={() => {
                  setForgotWanted(true);
                  setForgotOpen(true);
                }}
              >
                Forgot Password?
              </Button>
              {forgotWanted ? (
                <Suspense fallback={null}>
                  <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={form.getValues('email')} />
                </Suspense>
              ) : null}
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" size="lg" disabled={!hydrated || signIn.isPending}>
              {signIn.isPending ? <Spinner /> : null}
              Sign In
            </Button>
            <p className="text-sm text-muted-foreground">
              Don&apos;t have an account?{' '}
              <Link href="/plans" className="font-semibold text-primary underline-offset-4 hover:underline">
                Sign up
              </Link>
            </p>
          </CardFooter>
        </form>
      </Card>
    </AuthLayout>
  );
}
