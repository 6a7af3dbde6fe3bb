import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/** A public page's header action: Return to App when signed in, else Sign In. */
export function SessionHeaderLink({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button asChild size="sm">
      <Link href="/chat">Return to App</Link>
    </Button>
  ) : (
    <Button asChild variant="ghost" size="sm">
      <Link href="/signin">Sign In</Link>
    </Button>
  );
}
