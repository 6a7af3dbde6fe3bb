import { Link } from 'wouter';
import { BrandLink } from '#client/components/layout/brand.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useReturnToApp } from '../hooks/use-return-to-app.ts';
import { useVisitorState } from '../hooks/use-visitor-state.ts';
import { MobileMenu } from './mobile-menu.tsx';

const sectionLinks = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
] as const;

/** Signed out: Sign In and Sign Up; signed in: Return to App, or Return to Checkout while a checkout is open. */
function AccountActions({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { kind, checkoutInProgress, isLoading } = useVisitorState();
  const { returnToApp, pending } = useReturnToApp();
  const size = stacked ? 'lg' : 'sm';
  const width = stacked ? 'w-full' : undefined;
  if (isLoading) return null;
  if (kind === 'visitor') {
    return (
      <>
        <Button asChild variant={stacked ? 'outline' : 'ghost'} size={size} className={width}>
          <Link href="/signin" onClick={onNavigate}>
            Sign In
          </Link>
        </Button>
        <Button asChild size={size} className={width}>
          <Link href="/plans" onClick={onNavigate}>
            Sign Up
          </Link>
        </Button>
      </>
    );
  }
  if (checkoutInProgress) {
    return (
      <Button asChild size={size} className={width}>
        <Link href="/checkout" onClick={onNavigate}>
          Return to Checkout
        </Link>
      </Button>
    );
  }
  return (
    <Button
      size={size}
      className={width}
      disabled={pending}
      onClick={() => {
        onNavigate?.();
        void returnToApp();
      }}
    >
      {pending ? <Spinner /> : null}
      Return to App
    </Button>
  );
}

function goToSection(hash: string) {
  const target = document.getElementById(hash.slice(1));
  if (!target) return;
  window.history.replaceState(window.history.state, '', hash);
  target.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  // The sections render only when near (content-visibility with estimated sizes): those passed on the way
  // take their real height during the scroll, so it can end with the heading under the sticky header
  // (issue 29, point 19). Once it ends, land on the section again, now that the page above is measured.
  const settle = () => {
    const margin = Number.parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - margin) > 2) target.scrollIntoView({ behavior: 'auto' });
  };
  if ('onscrollend' in window) window.addEventListener('scrollend', settle, { once: true });
  else setTimeout(settle, 800);
}

/** The landing page's sticky header (spec section 2): the logo scrolls to the top, anchors lead to the sections. */
export function LandingHeader() {
  const scrollToTop = (event: React.MouseEvent) => {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    if (window.location.hash) window.history.replaceState(window.history.state, '', '/');
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink onClick={scrollToTop} />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((link) => (
            <a key={link.href} href={link.href} className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
              {link.label}
            </a>
          ))}
          <Link href="/contact" className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
            Contact
          </Link>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <AccountActions />
          </div>
          <MobileMenu>
            {(close) => (
              <>
                <nav aria-label="Main" className="grid gap-1">
                  {sectionLinks.map((link) => (
                    <a
                      key={link.href}
                      href={link.href}
                      onClick={(event) => {
                        // Close first, then scroll: the page behind a modal menu is inert and locked.
                        event.preventDefault();
                        close();
                        requestAnimationFrame(() => goToSection(link.href));
                      }}
                      className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
                      {link.label}
                    </a>
                  ))}
                  <Link href="/contact" onClick={close} className="rounded-md px-3 py-3 text-base font-medium hover:bg-muted">
                    Contact
                  </Link>
                </nav>
                <div className="mt-auto grid gap-2 border-t pt-6">
                  <AccountActions stacked onNavigate={close} />
                </div>
              </>
            )}
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
