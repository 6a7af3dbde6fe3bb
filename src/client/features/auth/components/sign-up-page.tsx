import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { SignUpForm } from '#contract/auth.ts';
import { authText } from '#contract/auth-text.ts';
import { formatPrice, isBillingPeriod, plans, type BillingPeriod } from '#contract/plans.ts';
import { accountText } from '#contract/account-text.ts';
import { AuthLayout } from '#client/components/layout/auth-layout.tsx';
import { NameFields } from '#client/components/name-fields.tsx';
import { ProfilePictureField } from '#client/components/profile-picture-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError, isNetworkError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/class-names.ts';
import { notify } from '#client/lib/notify.ts';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';
import { useSignUp } from '../api/sign-up.ts';
import { lazyZodResolver } from '#client/lib/lazy-form-resolver.ts';
import { useHydrated } from '#client/lib/use-hydrated.tsx';

// The form's validation and the terms dialog load when used, not with the page (decision 043).
const validation = lazyZodResolver<SignUpForm>(() => import('#contract/auth.ts').then((m) => m.signUpFormSchema));
const loadTermsDialog = () => import('./terms-dialog.tsx');
const TermsDialog = lazy(loadTermsDialog);

const titles: Record<BillingPeriod | 'free', string> = {
  free: 'Create Account - Free Tier',
  monthly: 'Create Account - Monthly Plan',
  yearly: 'Create Account - Yearly Plan',
};

function initialPlan(search: string): BillingPeriod | null {
  const fromUrl = new URLSearchParams(search).get('plan');
  if (isBillingPeriod(fromUrl)) return fromUrl;
  const stored = readStorage('session', sessionKeys.signupPlan);
  return isBillingPeriod(stored) ? stored : null;
}

export default function SignUpPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  // Prerendered: until hydrated, Enter in a field would submit the form to this address (the password in the URL).
  const hydrated = useHydrated();
  // The plan from the address or the session, once hydrated: the prerendered page is the Free Tier's, and
  // the plan shows right after hydration (and at once when the app renders the page itself). A plan the
  // visitor taps here wins.
  const [chosen, setChosen] = useState<BillingPeriod | null | undefined>(undefined);
  const carried = useMemo(() => (hydrated ? initialPlan(search) : null), [hydrated, search]);
  const plan = chosen === undefined ? carried : chosen;
  const [termsOpen, setTermsOpen] = useState(false);
  const [termsWanted, setTermsWanted] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);
  const signUp = useSignUp();
  const form = useForm<SignUpForm>({
    resolver: validation.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', termsAccepted: false },
  });
  const { errors } = form.formState;

  const choosePlan = (next: BillingPeriod) => {
    const value = plan === next ? null : next;
    setChosen(value);
    writeStorage('session', sessionKeys.signupPlan, value);
  };

  const onSubmit = form.handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      await signUp.mutateAsync({ firstName, lastName, email, password, profilePicture: picture });
      if (plan) {
        writeStorage('session', sessionKeys.signupPlan, plan);
        writeStorage('session', sessionKeys.checkoutPlan, plan);
        writeStorage('session', sessionKeys.checkoutSource, 'signup');
        navigate('/checkout');
      } else {
        writeStorage('session', sessionKeys.signupPlan, null);
        navigate('/chat');
      }
    } catch (error) {
      if (isNetworkError(error)) notify({ ...authText.signUpUnreachable, variant: 'destructive' });
      else notify({ ...authText.signUpFailed(error instanceof ApiError ? error.message : undefined), variant: 'destructive' });
    }
  });

  return (
    <AuthLayout
      headerActions={
        <Button asChild variant="ghost" size="sm">
          <Link href="/signin">Sign In</Link>
        </Button>
      }
    >
      <Card>
        <CardHeader className="text-center">
          <CardTitle level={1}>{titles[plan ?? 'free']}</CardTitle>
          <CardDescription>
            {plan
              ? `Premium ${plan === 'yearly' ? `at ${formatPrice(plans.yearly.price)} a year (save ${plans.yearly.savings}%)` : `at ${formatPrice(plans.monthly.price)} a month`}. You will confirm payment on the next step.`
              : 'Five conversations a day with a CEO, CFO or CHRO advisor. No card needed.'}
          </CardDescription>
        </CardHeader>
        <form onSubmit={onSubmit} onFocus={validation.preload} onKeyDown={validation.preload} onPointerDown={validation.preload} noValidate>
          <CardContent className="grid gap-5">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Plan (optional)</legend>
              <div className="grid grid-cols-2 gap-2">
                {(['yearly', 'monthly'] as const).map((period) => (
                  <button
                    key={period}
                    type="button"
                    aria-pressed={plan === period}
                    onClick={() => choosePlan(period)}
                    className={cn(
                      'flex flex-col items-start rounded-lg border px-3 py-2.5 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring cursor-pointer',
                      plan === period ? 'border-primary bg-primary/8 ring-1 ring-primary' : 'border-input bg-card hover:bg-muted',
                    )}
                  >
                    <span className="font-semibold">{period === 'yearly' ? 'Yearly' : 'Monthly'}</span>
                    <span className="text-xs text-muted-foreground">
                      {period === 'yearly' ? `${formatPrice(plans.yearly.price)}/yr · Save ${plans.yearly.savings}%` : `${formatPrice(plans.monthly.price)}/mo`}
                    </span>
                  </button>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">{plan ? 'Tap the selected plan again to start on the Free Tier instead.' : 'Leave both unselected to start on the Free Tier.'}</p>
            </fieldset>
            <NameFields register={form.register} errors={errors} />
            <ProfilePictureField
              value={picture}
              onChange={setPicture}
              names={{ firstName: form.watch('firstName') || '?', lastName: form.watch('lastName') }}
              onUploaded={() => notify({ ...accountText.pictureReadyForSignup, variant: 'success' })}
            />
            <FormField label="Email" error={errors.email?.message}>
              {(field) => <Input {...field} type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />}
            </FormField>
            <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
              {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('password')} />}
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword?.message}>
              {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('confirmPassword')} />}
            </FormField>
            <div className="grid gap-2">
              <div className="flex items-start gap-2.5">
                <Checkbox
                  id="terms"
                  className="mt-0.5"
                  aria-invalid={Boolean(errors.termsAccepted)}
                  aria-describedby={errors.termsAccepted ? 'terms-error' : undefined}
                  checked={form.watch('termsAccepted')}
                  onCheckedChange={(checked) => form.setValue('termsAccepted', checked === true, { shouldValidate: form.formState.isSubmitted })}
                />
                <Label htmlFor="terms" className="font-normal leading-snug">
                  I am 18 or older and agree to the{' '}
                  <button type="button" className="font-semibold text-primary underline underline-offset-4 cursor-pointer" onPointerEnter={() => void loadTermsDialog().catch(() => {})}
                    onClick={() => {
                      setTermsWanted(true);
                      setTermsOpen(true);
                    }}
                  >
                    terms &amp; conditions
                  </button>
                </Label>
              </div>
              {errors.termsAccepted ? (
                <p id="terms-error" role="alert" className="text-sm font-medium text-destructive">
                  {errors.termsAccepted.message}
                </p>
              ) : null}
            </div>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" size="lg" disabled={!hydrated || signUp.isPending}>
              {signUp.isPending ? <Spinner /> : null}
              {plan ? 'Create Account & Continue' : 'Create Account'}
            </Button>
            <p className="text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link href="/signin" className="font-semibold text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>
            </p>
          </CardFooter>
        </form>
      </Card>
      {termsWanted ? (
        <Suspense fallback={null}>
          <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} onAccept={() => form.setValue('termsAccepted', true, { shouldValidate: true })} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
