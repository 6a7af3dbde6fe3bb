import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, FileDown, Gavel, LoaderCircle, Play, Square, UsersRound } from 'lucide-react';
import { CHAIR_SEAT, roundtableFormatLabels, roundtableText } from '#contract/roundtable-text.ts';
import type { RoundtableDto, RoundtableTurn } from '#contract/roundtable.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { notify } from '#client/lib/notify.ts';
import { exportBoardPack, resumeRoundtable, stopRoundtable } from '../api/roundtables.ts';
import { seedTable, useFollowTable, useTableState } from '../hooks/use-roundtable.ts';
import { latestStances, revealedTurns } from '../logic/table-events.ts';
import { SeatAvatar, StanceChip, TurnMarkdown } from './seat-parts.tsx';
import { saveBlob } from '#client/lib/download.ts';
import { CitationScope } from '#client/components/advisor-tools/citations.tsx';
import { SourceList } from '#client/components/advisor-tools/source-list.tsx';
import { ToolActivityList } from '#client/components/advisor-tools/tool-activity.tsx';

function roundTitle(table: RoundtableDto, round: number): string {
  if (table.addressTo) return roundtableText.followUpRound;
  const name = roundtableText.roundTitles[round];
  return name ? `${roundtableText.round(round)} · ${name}` : roundtableText.round(round);
}

function Turn({ turn, revealed, title }: { turn: RoundtableTurn; revealed: boolean; title: string }) {
  const speaking = turn.status === 'streaming';
  const tools = turn.tools ?? [];
  return (
    <article
      className="flex gap-3"
      aria-label={`${turn.seat}, ${turn.kind}`}
      data-testid="roundtable-turn"
      data-seat={turn.seat}
      data-round={turn.round}
      data-status={revealed ? turn.status : 'waiting'}
    >
      <SeatAvatar role={turn.seat} speaking={revealed && speaking} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h4 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
          {turn.seat}
          <span className="text-xs font-normal text-muted-foreground">{title}</span>
        </h4>
        {!revealed ? (
          <p className="text-sm text-muted-foreground italic">{roundtableText.waiting}</p>
        ) : turn.status === 'failed' ? (
          <p className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive" role="note">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {roundtableText.seatFailed} {turn.error ? <span className="text-muted-foreground">({turn.error})</span> : null}
            </span>
          </p>
        ) : (
          // A seat's tool calls and sources show as a reply's do (issue 32, point 1): the same components.
          <CitationScope tools={tools}>
            {tools.length > 0 ? <ToolActivityList tools={tools} /> : null}
            {turn.content ? <TurnMarkdown content={turn.content} /> : tools.some((tool) => tool.status === 'running') ? null : <p className="text-sm text-muted-foreground">{roundtableText.speaking}</p>}
            {tools.length > 0 && turn.content ? <SourceList tools={tools} /> : null}
            {turn.stance && turn.status === 'complete' ? <StanceChip stance={turn.stance} seat={turn.seat} /> : null}
            {turn.status === 'stopped' ? <p className="text-xs text-muted-foreground">Stopped.</p> : null}
          </CitationScope>
        )}
      </div>
    </article>
  );
}

/**
 * One roundtable where it was asked in the conversation: the question, the seats with their latest
 * stance, each round's turns (seats speak in order), the chair's synthesis, and what can be done
 * with the table (stop, resume, export the board pack).
 */
export function RoundtableCard({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const query = useTableState(id);
  const state = query.data;
  useFollowTable(id, state?.table.status === 'running');
  const stop = useMutation({
    mutationFn: () => stopRoundtable(id),
    onSuccess: (table) => seedTable(queryClient, table),
    onError: () => notify({ ...roundtableText.stopFailed, variant: 'destructive' }),
  });
  const resume = useMutation({
    mutationFn: () => resumeRoundtable(id),
    onSuccess: (table) => seedTable(queryClient, table),
    onError: () => notify({ ...roundtableText.startFailed, variant: 'destructive' }),
  });
  const exporting = useMutation({
    mutationFn: () => exportBoardPack(id),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
      notify({ ...roundtableText.exported(fileName), variant: 'success' });
    },
    onError: () => notify({ ...roundtableText.exportFailed, variant: 'destructive' }),
  });

  if (!state) {
    return (
      <div className="flex items-center gap-2 rounded-xl border p-4 text-sm text-muted-foreground" data-testid="roundtable">
        {query.isError ? roundtableText.loadFailed : <Spinner label="Loading the roundtable" />}
      </div>
    );
  }
  const { table } = state;
  const running = table.status === 'running';
  const shown = revealedTurns(table.turns);
  const stances = latestStances(table);
  const rounds = [...new Set(table.turns.map((t) => t.round))].sort((a, b) => a - b);
  const speakingSeats = new Set(table.turns.filter((t) => t.status === 'streaming' && shown.has(t.id)).map((t) => t.seat));
  const seats = table.addressTo ? table.seats.filter((s) => s.role === table.addressTo) : table.seats;

  return (
    <section
      className="flex flex-col gap-4"
      aria-label={`${roundtableFormatLabels[table.format]}: ${table.question}`}
      data-testid="roundtable"
      data-status={table.status}
      data-roundtable-id={table.id}
    >
      <div className="flex flex-col items-end gap-1">
        <div className="max-w-[88%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap break-words text-primary-foreground shadow-sm sm:max-w-[80%]" data-testid="roundtable-question">
          {table.question}
        </div>
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <UsersRound className="size-3.5" aria-hidden />
          {table.addressTo ? roundtableText.addressSeat(table.addressTo) : `${roundtableFormatLabels[table.format]} · ${table.seats.map((s) => s.role).join(', ')}`}
        </span>
      </div>

      <div className="rounded-2xl border bg-card p-3 shadow-xs sm:p-4">
        <ul className="grid grid-cols-1 gap-2.5 sm:grid-cols-2" aria-label="Seats at the table">
          {seats.map((seat) => {
            const latest = stances.get(seat.role);
            return (
              <li key={seat.role} className="flex min-w-0 items-start gap-2.5" data-testid="roundtable-seat" data-seat={seat.role}>
                <SeatAvatar role={seat.role} size="sm" speaking={speakingSeats.has(seat.role)} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="text-sm leading-tight font-semibold">
                    {seat.role}
                    {seat.side ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">{seat.side === 'for' ? roundtableText.forSide : roundtableText.againstSide}</span> : null}
                  </span>
                  {latest ? (
                    <StanceChip stance={latest.stance} seat={seat.role} compact />
                  ) : (
                    <span className="text-xs text-muted-foreground">{speakingSeats.has(seat.role) ? roundtableText.speaking : seat.title}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>

      {rounds.map((round) => (
        <div key={round} className="flex flex-col gap-4" data-testid="roundtable-round" data-round={round}>
          <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" aria-hidden />
            {roundTitle(table, round)}
            <span className="h-px flex-1 bg-border" aria-hidden />
          </h3>
          {table.turns
            .filter((t) => t.round === round)
            .map((turn) => (
              <Turn key={turn.id} turn={turn} revealed={shown.has(turn.id)} title={table.seats.find((s) => s.role === turn.seat)?.title ?? ''} />
            ))}
        </div>
      ))}

      {table.synthesis ? (
        <article className="rounded-2xl border-2 border-brand/50 bg-brand/5 p-4 shadow-sm sm:p-5" aria-label={roundtableText.synthesisTitle} data-testid="roundtable-synthesis" data-status={table.synthesis.status}>
          <h3 className="mb-3 flex items-center gap-2 text-base font-semibold">
            <span className={cn('inline-flex size-8 items-center justify-center rounded-full bg-foreground text-background')} aria-hidden>
              <Gavel className="size-4" />
            </span>
            {roundtableText.synthesisTitle}
          </h3>
          {table.synthesis.content ? <TurnMarkdown content={table.synthesis.content} /> : <Spinner label={`${CHAIR_SEAT} is writing`} />}
        </article>
      ) : null}

      <footer className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <p className="text-xs text-muted-foreground" data-testid="roundtable-status">
          {running ? (
            <span className="inline-flex items-center gap-1.5">
              <Spinner className="size-3" /> In session…
            </span>
          ) : table.stopReason ? (
            roundtableText.ended[table.stopReason]
          ) : (
            'Done.'
          )}
          {state.error ? <span className="ml-1 text-destructive">{state.error}</span> : null}
        </p>
        <div className="flex flex-wrap gap-2">
          {running ? (
            <Button variant="outline" size="sm" onClick={() => stop.mutate()} disabled={stop.isPending}>
              <Square aria-hidden />
              {roundtableText.stop}
            </Button>
          ) : null}
          {table.status === 'interrupted' ? (
            <Button variant="outline" size="sm" onClick={() => resume.mutate()} disabled={resume.isPending}>
              <Play aria-hidden />
              {roundtableText.resume}
            </Button>
          ) : null}
          {!running ? (
            <Button variant="outline" size="sm" onClick={() => exporting.mutate()} disabled={exporting.isPending} className="disabled:opacity-100">
              {exporting.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileDown aria-hidden />}
              {exporting.isPending ? roundtableText.exportPreparing : roundtableText.exportPdf}
            </Button>
          ) : null}
        </div>
      </footer>
    </section>
  );
}
