import { cva, type VariantProps } from 'class-variance-authority';
import { Children, cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '#client/lib/class-names.ts';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        brand: 'bg-brand text-brand-foreground shadow-sm hover:bg-brand/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-card text-foreground shadow-xs hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * `asChild` renders the single child element (a link, usually) with the button's classes and
 * props. A few lines instead of Radix Slot keep this out of the landing page's budget; event
 * handlers on both run, the child's first.
 */
function Slot({ children, className, ...props }: ComponentProps<'button'>) {
  const child = Children.only(children);
  if (!isValidElement<Record<string, unknown>>(child)) return null;
  const own = child.props;
  const merged: Record<string, unknown> = { ...props, ...own, className: cn(className, own.className as string | undefined) };
  for (const [key, handler] of Object.entries(props)) {
    const childHandler = own[key];
    if (/^on[A-Z]/.test(key) && typeof handler === 'function' && typeof childHandler === 'function') {
      merged[key] = (...args: unknown[]) => {
        childHandler(...args);
        handler(...args);
      };
    }
  }
  return cloneElement(child as ReactElement<Record<string, unknown>>, merged);
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot className={classes} {...props} />;
  return <button className={classes} type={type ?? 'button'} {...props} />;
}
