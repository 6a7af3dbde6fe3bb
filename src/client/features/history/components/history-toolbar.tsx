import { RefreshCw, Search, Trash2, X } from 'lucide-react';
import { historyText, MAX_HISTORY_SEARCH_LENGTH } from '#contract/history.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/class-names.ts';

interface Props {
  search: string;
  onSearchChange: (search: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  onClearAll: () => void;
}

/** Search box (with its own clear button), Refresh and Clear All. */
export function HistoryToolbar({ search, onSearchChange, refreshing, onRefresh, onClearAll }: Props) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search conversations"
          placeholder={historyText.searchPlaceholder}
          value={search}
          maxLength={MAX_HISTORY_SEARCH_LENGTH}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearchChange('')}
            aria-label="Clear search"
            className="absolute right-2 top-1/2 -translate-y-1/2 cursor-pointer rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} className="flex-1 sm:flex-none">
          <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
          Refresh
        </Button>
        <Button variant="outline" onClick={onClearAll} className="flex-1 text-destructive hover:text-destructive sm:flex-none">
          <Trash2 aria-hidden />
          Clear All
        </Button>
      </div>
    </div>
  );
}
