import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
// The landing page, where most visitors arrive, is part of the first download; every other page
// is its own chunk, loaded when visited (docs/decisions/007-landing-bundle-budget.md).
import LandingPage from '#client/features/marketing/components/landing-page.tsx';
import { HydrationMark } from '#client/lib/use-hydrated.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { FullPageSpinner, RequireAuth, RequireSignedOut } from './route-guards.tsx';

const PlansPage = lazy(() => import('#client/features/marketing/components/plans-page.tsx'));
const ContactPage = lazy(() => import('#client/features/contact/components/contact-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('#client/features/legal/components/privacy-policy-page.tsx'));
const TermsPage = lazy(() => import('#client/features/legal/components/terms-page.tsx'));
const CheckoutPage = lazy(() => import('./pages/checkout-page.tsx'));
const SignInPage = lazy(() => import('#client/features/auth/components/sign-in-page.tsx'));
const SignUpPage = lazy(() => import('#client/features/auth/components/sign-up-page.tsx'));
const ResetPasswordPage = lazy(() => import('#client/features/auth/components/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('#client/features/auth/components/verify-email-page.tsx'));
const ChatPage = lazy(() => import('./pages/chat-page.tsx'));
const HistoryPage = lazy(() => import('./pages/history-page.tsx'));
const MemoryPage = lazy(() => import('./pages/memory-page.tsx'));
const AdminPage = lazy(() => import('#client/features/admin/components/admin-page.tsx'));
const DevMailPage = lazy(() => import('./pages/dev-mail-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));

function Section({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>
        {children}
        <HydrationMark />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Section>
          <LandingPage />
        </Section>
      </Route>
      <Route path="/plans">
        <Section>
          <PlansPage />
        </Section>
      </Route>
      <Route path="/contact">
        <Section>
          <ContactPage />
        </Section>
      </Route>
      <Route path="/privacy-policy">
        <Section>
          <PrivacyPolicyPage />
        </Section>
      </Route>
      <Route path="/terms-and-conditions">
        <Section>
          <TermsPage />
        </Section>
      </Route>
      <Route path="/signin">
        <Section>
          <RequireSignedOut redirectTo="/chat">
            <SignInPage />
          </RequireSignedOut>
        </Section>
      </Route>
      <Route path="/signup">
        <Section>
          <RequireSignedOut redirectTo="/">
            <SignUpPage />
          </RequireSignedOut>
        </Section>
      </Route>
      <Route path="/reset-password">
        <Section>
          <ResetPasswordPage />
        </Section>
      </Route>
      <Route path="/verify-email">
        <Section>
          <VerifyEmailPage />
        </Section>
      </Route>
      <Route path="/chat">
        <Section>
          <RequireAuth>
            <ChatPage />
          </RequireAuth>
        </Section>
      </Route>
      <Route path="/history">
        <Section>
          <RequireAuth>
            <HistoryPage />
          </RequireAuth>
        </Section>
      </Route>
      <Route path="/memory">
        <Section>
          <RequireAuth>
            <MemoryPage />
          </RequireAuth>
        </Section>
      </Route>
      <Route path="/admin">
        <Section>
          <RequireAuth>
            <AdminPage />
          </RequireAuth>
        </Section>
      </Route>
      <Route path="/checkout">
        <Section>
          <RequireAuth>
            <CheckoutPage />
          </RequireAuth>
        </Section>
      </Route>
      <Route path="/dev/mail">
        <Section>
          <DevMailPage />
        </Section>
      </Route>
      <Route>
        <Section>
          <NotFoundPage />
        </Section>
      </Route>
    </Switch>
  );
}
