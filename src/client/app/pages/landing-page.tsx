import { Link } from 'wouter';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';
import { useCurrentUser } from '#client/lib/session.ts';

export default function LandingPage() {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader>
        {user ? (
          <Button asChild size="sm">
            <Link href="/chat">Return to App</Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link href="/signin">Sign In</Link>
            </Button>
            <Button asChild size="sm">
              <Link href="/plans">Sign Up</Link>
            </Button>
          </>
        )}
      </SiteHeader>
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col justify-center gap-6 px-4 py-16 sm:px-6">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-display">A seasoned executive in your corner, whenever you need one.</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          {clientConfig.appName} puts an AI CEO, CFO, CTO and 15 more executive advisors at your side. Test ideas, prepare hard conversations and get
          decisions challenged by someone who knows your industry.
        </p>
        <div>
          <Button asChild size="lg">
            <Link href={user ? '/chat' : '/signup'}>{user ? 'Return to App' : 'Get Started for Free'}</Link>
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
