import { Link } from 'wouter';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader variant="centered" />
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-sm font-semibold text-brand">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="max-w-md text-muted-foreground">Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have been moved or doesn&apos;t exist.</p>
        <Button asChild size="lg">
          <Link href="/">Go Home</Link>
        </Button>
      </main>
    </div>
  );
}
