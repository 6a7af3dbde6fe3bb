import { useState } from 'react';
import { profileImageSrc } from '#contract/account-text.ts';
import { cn } from '#client/lib/class-names.ts';

const boxes = { sm: 'size-8 text-xs', lg: 'size-10 text-sm', xl: 'size-20 text-xl' } as const;

/** The user's picture (spec section 3: served under /api), or their initials when there is none or it fails to load. */
export function Avatar({
  user,
  size,
  className,
}: {
  user: { firstName: string; lastName: string; profileImageUrl: string | null };
  size: keyof typeof boxes;
  className?: string;
}) {
  const src = profileImageSrc(user.profileImageUrl, size === 'sm' ? 'small' : 'large');
  const [failed, setFailed] = useState<string | null>(null);
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  if (src && failed !== src) {
    return <img src={src} alt="" data-testid="avatar-image" className={cn(boxes[size], 'shrink-0 rounded-full bg-muted object-cover', className)} onError={() => setFailed(src)} />;
  }
  return (
    <span aria-hidden className={cn(boxes[size], 'flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground', className)}>
      {initials}
    </span>
  );
}
