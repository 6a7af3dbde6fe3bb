import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <Spinner className="size-6 text-muted-foreground" />
    </div>
  );
}

function Redirect({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return <FullPageSpinner />;
}

/** Signed-out visitors go to /signin, carrying where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  // When the user arrives, the page behind the guard (the chat: hundreds of components) is first rendered
  // as a deferred render, which React works through in slices, yielding to the browser between them,
  // instead of one long task as the query's update would be (issue 18: 300 ms at the mobile profile's CPU).
  // The spinner stays meanwhile. Signing out is not deferred.
  const stillLoading = useDeferredValue(isLoading, true);
  if (isLoading || (user && stillLoading)) return <FullPageSpinner />;
  if (!user) {
    const target = `${location}${search ? `?${search}` : ''}`;
    return <Redirect to={`/signin?redirect=${encodeURIComponent(target)}`} />;
  }
  return <>{children}</>;
}

/** Pages for signed-out visitors only (signup: spec sends signed-in users to /). */
export function RequireSignedOut({ children, redirectTo }: { children: ReactNode; redirectTo: string }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to={redirectTo} />;
  return <>{children}</>;
}
