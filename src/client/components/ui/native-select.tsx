import type { ComponentProps } from 'react';
import { cn } from '#client/lib/class-names.ts';

/** The platform's own <select>, drawn as the app's inputs are (a phone opens its own picker). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-11 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
