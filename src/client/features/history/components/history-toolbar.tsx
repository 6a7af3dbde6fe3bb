import { RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';
import { ConversationSearchBox } from './conversation-search-box.tsx';

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
      <ConversationSearchBox search={search} onSearchChange={onSearchChange} />
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
