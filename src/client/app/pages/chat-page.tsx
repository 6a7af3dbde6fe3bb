import { LogOut } from 'lucide-react';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCurrentUser, useSignOut } from '#client/lib/session.ts';

/** Placeholder until the chat screen lands: proves the signed-in state and offers Sign Out. */
export default function ChatPage() {
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader>
        <Button variant="outline" size="sm" onClick={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </SiteHeader>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <h1 className="text-2xl font-semibold">Welcome, {user?.firstName}</h1>
        <p className="mt-2 text-muted-foreground">Signed in as {user?.email}.</p>
      </main>
    </div>
  );
}
