import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { executiveRoles } from '#contract/roles.ts';
import { executiveRoleDescriptions, MAX_ROUNDTABLE_SEATS, MIN_ROUNDTABLE_SEATS, roundtableText, type RoundtableFormat } from '#contract/roundtable-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/class-names.ts';
import { WHOLE_TABLE } from '../logic/whole-table.ts';
import { SeatAvatar } from './seat-parts.tsx';

export interface TableControlsProps {
  format: RoundtableFormat;
  seats: string[];
  onSeats: (seats: string[]) => void;
  /** The table a follow-up goes to, when the conversation has one in this format. */
  followUpSeats: string[] | null;
  addressTo: string;
  onAddressTo: (value: string) => void;
}

/** Choosing who sits at the table: every executive with what they bring; 2 to 5 (exactly 2 in a head-to-head). */
function SeatPicker({ open, onOpenChange, format, seats, onSeats }: { open: boolean; onOpenChange: (open: boolean) => void; format: RoundtableFormat; seats: string[]; onSeats: (seats: string[]) => void }) {
  const [chosen, setChosen] = useState(seats);
  const max = format === 'head-to-head' ? 2 : MAX_ROUNDTABLE_SEATS;
  const min = format === 'head-to-head' ? 2 : MIN_ROUNDTABLE_SEATS;
  const toggle = (role: string) => setChosen((current) => (current.includes(role) ? current.filter((r) => r !== role) : current.length < max ? [...current, role] : current));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setChosen(seats);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl" data-testid="seat-picker">
        <DialogHeader>
          <DialogTitle>{format === 'head-to-head' ? roundtableText.pickTwo : roundtableText.pickSeats}</DialogTitle>
          <DialogDescription>
            {format === 'head-to-head' ? `${roundtableText.forSide}: the first you choose. ${roundtableText.againstSide}: the second.` : roundtableText.pickSeatsHelp(min, max)}{' '}
            <span className="font-medium text-foreground">{roundtableText.seatsChosen(chosen.length)}</span>
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1.5 sm:grid-cols-2">
          {executiveRoles.map((role) => {
            const checked = chosen.includes(role);
            const id = `seat-${role.replace(/\s+/g, '-')}`;
            return (
              <li key={role}>
                <label
                  htmlFor={id}
                  className={cn('flex cursor-pointer items-start gap-2.5 rounded-lg border p-2.5 transition-colors hover:bg-muted/60', checked && 'border-primary/60 bg-primary/5')}
                >
                  <Checkbox id={id} checked={checked} onCheckedChange={() => toggle(role)} disabled={!checked && chosen.length >= max} className="mt-0.5" />
                  <SeatAvatar role={role} size="sm" />
                  <span className="flex min-w-0 flex-col">
                    <span className="text-sm font-semibold">{role}</span>
                    <span className="text-xs text-muted-foreground">{executiveRoleDescriptions[role]?.brings}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length < min || chosen.length > max}
            onClick={() => {
              onSeats(chosen);
              onOpenChange(false);
            }}
          >
            Seat them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Under the format choice, for a table: who sits at it, or once it has met, whom the follow-up is for. A chunk
 * of its own (Radix Select, the seat picker's dialog and checkboxes), loaded when a table format is chosen or
 * about to be (format-panel.tsx; decision 042).
 */
export function TableControls({ format, seats, onSeats, followUpSeats, addressTo, onAddressTo }: TableControlsProps) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {followUpSeats ? (
        <>
          <span className="text-xs font-medium text-muted-foreground">{roundtableText.askTo}</span>
          <Select value={addressTo} onValueChange={onAddressTo}>
            <SelectTrigger className="h-8 w-auto min-w-44 text-xs" aria-label="Who the follow-up is for">
              <SelectValue>{addressTo === WHOLE_TABLE ? roundtableText.addressTable : roundtableText.addressSeat(addressTo)}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={WHOLE_TABLE}>{roundtableText.addressTable}</SelectItem>
              {followUpSeats.map((role) => (
                <SelectItem key={role} value={role}>
                  {roundtableText.addressSeat(role)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </>
      ) : (
        <>
          <ul className="flex flex-wrap items-center gap-1.5" aria-label="Chosen executives">
            {seats.map((role, index) => (
              <li key={role} className="inline-flex items-center gap-1.5 rounded-full border bg-card py-0.5 pr-2.5 pl-0.5 text-xs font-medium" data-testid="chosen-seat" data-seat={role}>
                <SeatAvatar role={role} size="sm" />
                {role}
                {format === 'head-to-head' ? <span className="text-muted-foreground">{index === 0 ? '(for)' : '(against)'}</span> : null}
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="h-8 text-xs" onClick={() => setPicking(true)}>
            <Settings2 aria-hidden />
            Choose executives
          </Button>
          <SeatPicker open={picking} onOpenChange={setPicking} format={format} seats={seats} onSeats={onSeats} />
        </>
      )}
    </div>
  );
}
