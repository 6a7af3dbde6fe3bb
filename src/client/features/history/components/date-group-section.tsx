import type { ChatSessionListItem } from '#contract/history.ts';
import type { DateGroup } from '../logic/date-groups.ts';
import { ConversationCard } from './conversation-card.tsx';

/** An id for aria-labelledby (a space would split it into two ids). */
const groupHeadingId = (label: string) => `history-group-${label.toLowerCase().replace(/\s+/g, '-')}`;

/** One day group (Today, Yesterday...): a labelled region holding its conversations' cards. */
export function DateGroupSection({ group, searching, onDelete }: { group: DateGroup<ChatSessionListItem>; searching: boolean; onDelete: (session: ChatSessionListItem) => void }) {
  const headingId = groupHeadingId(group.label);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="px-1 pt-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {group.label}
      </h2>
      <ul className="flex flex-col gap-2">
        {group.items.map((session) => (
          <li key={session.id}>
            <ConversationCard session={session} searching={searching} onDelete={() => onDelete(session)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
