import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorBoundary } from './error-boundary.tsx';
import { FullPageSpinner, RequireAuth, RequireSignedOut } from './route-guards.tsx';

// Every page is its own chunk, so the landing page loads only what it shows.
const LandingPage = lazy(() => import('./pages/landing-page.tsx'));
const SignInPage = lazy(() => import('#client/features/auth/components/sign-in-page.tsx'));
const SignUpPage = lazy(() => import('#client/features/auth/components/sign-up-page.tsx'));
const ResetPasswordPage = lazy(() => import('#client/features/auth/components/reset-password-page.tsx'));
const ChatPage = lazy(() => import('./pages/chat-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));

function Section({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
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
      <Route path="/chat">
        <Section>
          <RequireAuth>
            <ChatPage />
          </RequireAuth>
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
