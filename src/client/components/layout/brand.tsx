import { Link } from 'wouter';
import { clientConfig } from '#client/config.ts';
import { cn } from '#client/lib/class-names.ts';

/** The mark: a stylised office door in brass on navy. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#13294b" />
      <path d="M10 25V8.5a1.5 1.5 0 0 1 1.5-1.5h9A1.5 1.5 0 0 1 22 8.5V25" fill="none" strokeWidth="2.2" stroke="#d9a441" />
      <circle cx="18.5" cy="16.5" r="1.4" fill="#d9a441" />
      <path d="M7 25h18" strokeWidth="2.2" strokeLinecap="round" stroke="#d9a441" />
    </svg>
  );
}

export function BrandLink({ className, onClick }: { className?: string; onClick?: (event: React.MouseEvent) => void }) {
  return (
    <Link
      href="/"
      onClick={onClick}
      className={cn('inline-flex items-center gap-2.5 rounded-md font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-ring', className)}
    >
      <BrandMark />
      <span className="text-lg">{clientConfig.appName}</span>
    </Link>
  );
}
