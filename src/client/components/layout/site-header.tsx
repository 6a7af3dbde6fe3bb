import type { ReactNode } from 'react';
import { cn } from '#client/lib/class-names.ts';
import { BrandLink } from './brand.tsx';

/** Shared header (spec section 2): 'default' puts actions on the right, 'centered' shows only the brand. */
export function SiteHeader({ variant = 'default', children, className }: { variant?: 'default' | 'centered'; children?: ReactNode; className?: string }) {
  return (
    <header className={cn('sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70', className)}>
      <div
        className={cn(
          'mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6',
          variant === 'centered' ? 'justify-center' : 'justify-between',
        )}
      >
        <BrandLink />
        {variant === 'default' ? <div className="flex items-center gap-2">{children}</div> : null}
      </div>
    </header>
  );
}
