import { Search, X } from 'lucide-react';
import { historyText, MAX_HISTORY_SEARCH_LENGTH } from '#contract/history-text.ts';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/class-names.ts';

interface Props {
  search: string;
  onSearchChange: (search: string) => void;
  /** The sidebar's smaller box. */
  compact?: boolean;
}

/** 'Search conversations...' with its own clear button: /history's toolbar and the chat sidebar. */
export function ConversationSearchBox({ search, onSearchChange, compact = false }: Props) {
  return (
    <div className={cn('relative', !compact && 'flex-1')}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder={historyText.searchPlaceholder}
        value={search}
        maxLength={MAX_HISTORY_SEARCH_LENGTH}
        onChange={(event) => onSearchChange(event.target.value)}
        className={cn('pl-9 [&::-webkit-search-cancel-button]:hidden', compact ? 'h-9 pr-8 text-sm' : 'pr-9')}
      />
      {search ? (
        <button
          type="button"
          onClick={() => onSearchChange('')}
          aria-label="Clear search"
          className="absolute right-2 top-1/2 -translate-y-1/2 cursor-pointer rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className={compact ? 'size-3.5' : 'size-4'} aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
