import { Link } from 'wouter';
import { clientConfig } from '#client/config.ts';
import { BrandLink } from './brand.tsx';

export function SiteFooter({ showLogo = true }: { showLogo?: boolean }) {
  return (
    <footer className="border-t bg-card/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
          {showLogo ? <BrandLink className="text-foreground" /> : null}
          {/* A page prerendered in December and opened in January: keep the server's year, no mismatch. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {clientConfig.companyName}. All rights reserved.
          </p>
        </div>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link href="/privacy-policy" className="hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
          <Link href="/terms-and-conditions" className="hover:text-foreground hover:underline">
            Terms &amp; Conditions
          </Link>
          <Link href="/contact" className="hover:text-foreground hover:underline">
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}
