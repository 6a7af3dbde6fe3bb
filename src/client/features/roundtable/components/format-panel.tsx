import { Crown, UsersRound } from 'lucide-react';
import { roundtableFormatLabels, roundtableText, type RoundtableFormat } from '#contract/roundtable-text.ts';
import { cn } from '#client/lib/class-names.ts';
import { lazyModule } from '#client/lib/lazy-module.ts';
import type { TableControlsProps } from './table-controls.tsx';

export type ChatFormat = RoundtableFormat | 'one-on-one';
const formats: ChatFormat[] = ['one-on-one', 'roundtable', 'head-to-head'];
export { WHOLE_TABLE } from '../logic/whole-table.ts';

/** A table's seats and follow-up controls are a chunk of their own (table-controls.tsx; decision 042). */
const controls = lazyModule(() => import('./table-controls.tsx'));

function OpenTableControls(props: TableControlsProps) {
  const loaded = controls.use();
  return loaded ? <loaded.TableControls {...props} /> : null;
}

/** The table's own controls' props (seats, the follow-up's table and addressee), in any format. */
interface Props extends Omit<TableControlsProps, 'format'> {
  format: ChatFormat;
  onFormat: (format: ChatFormat) => void;
  isPremium: boolean;
  onUpgrade: () => void;
}

/**
 * Above the composer: 1-on-1, Roundtable or Head-to-head (Premium: Free users see them and get the
 * upgrade dialog), and for a table who sits at it; once a table has met, whom the follow-up is for.
 */
export function FormatPanel({ format, onFormat, isPremium, seats, onSeats, followUpSeats, addressTo, onAddressTo, onUpgrade }: Props) {
  const table = format !== 'one-on-one';
  return (
    <div className="flex flex-col gap-2" data-testid="format-panel">
      <div role="radiogroup" aria-label={roundtableText.formatLegend} className="inline-flex w-full rounded-lg border bg-muted/50 p-0.5 sm:w-auto sm:self-start">
        {formats.map((option) => {
          const selected = option === format;
          const locked = option !== 'one-on-one' && !isPremium;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              title={roundtableText.formatHelp[option]}
              onClick={() => (locked ? onUpgrade() : onFormat(option))}
              // A table format is about to be chosen: its controls' chunk is asked for.
              onPointerEnter={option !== 'one-on-one' && !locked ? controls.preload : undefined}
              onFocus={option !== 'one-on-one' && !locked ? controls.preload : undefined}
              className={cn(
                'inline-flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-xs font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:flex-none',
                selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option !== 'one-on-one' ? <UsersRound className="size-3.5" aria-hidden /> : null}
              {roundtableFormatLabels[option]}
              {locked ? <Crown className="size-3 text-brand" aria-label="Premium" /> : null}
            </button>
          );
        })}
      </div>
      {table ? <OpenTableControls format={format as RoundtableFormat} seats={seats} onSeats={onSeats} followUpSeats={followUpSeats} addressTo={addressTo} onAddressTo={onAddressTo} /> : null}
    </div>
  );
}
