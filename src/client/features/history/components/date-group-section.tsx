import type { ReactNode } from 'react';
import { cn } from '#client/lib/class-names.ts';
import type { DateGroup } from '../logic/date-groups.ts';

/** An id for aria-labelledby (a space would split it into two ids); the prefix keeps /history's and the sidebar's apart. */
const groupHeadingId = (prefix: string, label: string) => `${prefix}-group-${label.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * One day group (Today, Yesterday...): a labelled region holding its conversations, each drawn by
 * `renderItem` (a card on /history, a row in the chat's sidebar).
 */
export function DateGroupSection<T extends { id: string }>({
  group,
  idPrefix = 'history',
  compact = false,
  renderItem,
}: {
  group: DateGroup<T>;
  idPrefix?: string;
  compact?: boolean;
  renderItem: (item: T) => ReactNode;
}) {
  const headingId = groupHeadingId(idPrefix, group.label);
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col', compact ? 'gap-0.5' : 'gap-2')}>
      <h2 id={headingId} className={cn('px-1 pt-1 font-semibold uppercase tracking-wider text-muted-foreground', compact ? 'px-2 pb-1 text-[0.6875rem]' : 'text-xs')}>
        {group.label}
      </h2>
      <ul className={cn('flex flex-col', compact ? 'gap-0.5' : 'gap-2')}>
        {group.items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
    </section>
  );
}
