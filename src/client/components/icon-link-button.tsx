import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';

/** A link drawn as a button, its icon before its words. */
export function IconLinkButton({ href, icon: Icon, children, ...button }: Pick<ComponentProps<typeof Button>, 'variant' | 'size'> & { href: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Button asChild {...button}>
      <Link href={href}>
        <Icon aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
