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
interface SwitchProps {
  format: ChatFormat;
  onFormat: (format: ChatFormat) => void;
  isPremium: boolean;
  onUpgrade: () => void;
}

/**
 * 1-on-1, Roundtable or Head-to-head (Premium: Free users see them and get the upgrade dialog). It sits on the
 * composer's context line (issue 29, point 16: one row fewer above the input); on a phone it takes its own row.
 */
export function FormatSwitch({ format, onFormat, isPremium, onUpgrade }: SwitchProps) {
  return (
    <div role="radiogroup" aria-label={roundtableText.formatLegend} className="inline-flex w-full shrink-0 rounded-lg border bg-muted/50 p-0.5 sm:w-auto">
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
              'inline-flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1 text-xs font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:flex-none',
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
  );
}

/** Above the composer, for a table only: who sits at it; once a table has met, whom the follow-up is for. */
export function FormatPanel({ format, ...props }: Omit<TableControlsProps, 'format'> & { format: ChatFormat }) {
  if (format === 'one-on-one') return null;
  return (
    <div data-testid="format-panel">
      <OpenTableControls format={format} {...props} />
    </div>
  );
}
