import { Link } from 'wouter';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';

/** Spec section 2, 404: any unknown client route. The server answers such paths with status 404 and noindex. */
export default function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader variant="centered" />
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-5 bg-gradient-to-b from-secondary/60 to-background px-4 py-20 text-center">
        <p className="text-7xl font-bold tracking-tight text-accent-foreground/80 sm:text-8xl" aria-hidden>
          404
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
        <p className="max-w-md text-pretty text-muted-foreground">
          Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have been moved or doesn&apos;t exist.
        </p>
        <Button asChild size="lg" className="mt-2">
          <Link href="/">Go Home</Link>
        </Button>
      </main>
      <SiteFooter />
    </div>
  );
}
