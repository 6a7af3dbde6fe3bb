import { CalendarClock, CalendarDays, ExternalLink, MessageSquareReply, NotebookPen, Pencil, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { decisionStatuses, decisionsText, MAX_DECISION_OUTCOME, type DecisionStatus } from '#contract/decisions-text.ts';
import type { DecisionDto } from '#contract/decisions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Select, SelectContent, SelectItem, SelectItemText, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useDecisions } from '../api/list-decisions.ts';
import { formatDay, groupByStatus } from '../logic/decision-dates.ts';

const text = decisionsText.panel;

export interface DecisionActions {
  setStatus: (decision: DecisionDto, status: DecisionStatus) => void;
  /** "How did it go?" (issue 33, point 5): marks it done with what happened (empty: nothing said). */
  markDone: (decision: DecisionDto, outcome: string) => void;
  /** Whether an outcome becomes a fact advisors recall (Premium). */
  remembersOutcomes: boolean;
  edit: (decision: DecisionDto) => void;
  remove: (decision: DecisionDto) => void;
  openSource: (sessionId: string) => void;
  followUp: (decision: DecisionDto) => void;
  /** The decision a change is being saved for (its controls wait). */
  busyId: string | null;
}

/** The decision log across conversations (issue 14, point 6): grouped by status, each with its owner, dates and source. */
export function DecisionsPanel({ open, onOpenChange, actions }: { open: boolean; onOpenChange: (open: boolean) => void; actions: DecisionActions }) {
  const query = useDecisions(open);
  const groups = groupByStatus(query.data?.decisions ?? []);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl content-start sm:p-7" aria-describedby="decisions-panel-description">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription id="decisions-panel-description">{text.description}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
            <Spinner label={text.loading} />
            {text.loading}
          </p>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3 py-4" role="alert">
            <p className="text-sm text-destructive">{text.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          <div className="grid gap-6">
            {groups.map((group) => (
              <section key={group.status} aria-labelledby={`decisions-${group.status}`}>
                <h3 id={`decisions-${group.status}`} className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-[0.12em] text-muted-foreground uppercase">
                  {text.groups[group.status]}
                  <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] tracking-normal">{group.decisions.length}</span>
                </h3>
                <ul className="grid gap-2">
                  {group.decisions.map((decision) => (
                    <DecisionItem key={decision.id} decision={decision} actions={actions} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "How did it go?": what happened, asked when a decision is marked done (and to edit it later). */
function OutcomeForm({ decision, actions, onClose }: { decision: DecisionDto; actions: DecisionActions; onClose: () => void }) {
  const [outcome, setOutcome] = useState(decision.outcome ?? '');
  const id = `decision-outcome-${decision.id}`;
  const words = decisionsText.outcome;
  return (
    <form
      className="mt-3 grid gap-2 rounded-lg border bg-muted/40 p-3"
      aria-label={words.title}
      onSubmit={(event) => {
        event.preventDefault();
        actions.markDone(decision, outcome);
        onClose();
      }}
    >
      <p className="text-sm font-semibold">{words.title}</p>
      <Label htmlFor={id}>{words.label}</Label>
      <Textarea id={id} value={outcome} onChange={(event) => setOutcome(event.target.value)} maxLength={MAX_DECISION_OUTCOME} className="min-h-20" placeholder={words.hint} autoFocus />
      <p className="text-xs text-muted-foreground">{actions.remembersOutcomes ? words.premium : words.free}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          {decisionsText.dialog.cancel}
        </Button>
        <Button type="submit" size="sm">
          {decision.status === 'done' ? decisionsText.dialog.save : words.markDone}
        </Button>
      </div>
    </form>
  );
}

function DecisionItem({ decision, actions }: { decision: DecisionDto; actions: DecisionActions }) {
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const busy = actions.busyId === decision.id;
  const statusId = `decision-status-${decision.id}`;
  const muted = decision.status !== 'open';
  return (
    <li className="rounded-xl border bg-card p-3.5 shadow-xs sm:p-4" aria-label={decision.text} data-testid="decision-item">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0 rounded-md bg-accent px-1.5 py-0.5 text-[11px] font-semibold text-accent-foreground uppercase dark:bg-brand/15 dark:text-brand">
          {decisionsText.dialog.kinds[decision.kind]}
        </span>
        <p className={`min-w-0 flex-1 text-sm leading-snug font-medium break-words ${muted ? 'text-muted-foreground' : ''} ${decision.status === 'dropped' ? 'line-through' : ''}`}>
          {decision.text}
        </p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Details">
        {decision.owner ? (
          <li className="flex items-center gap-1">
            <User className="size-3.5" aria-hidden />
            {text.owner(decision.owner)}
          </li>
        ) : null}
        {decision.dueDate ? (
          <li className="flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden />
            {text.due(formatDay(decision.dueDate))}
          </li>
        ) : null}
        {decision.followUpOn ? (
          <li className="flex items-center gap-1">
            <CalendarClock className="size-3.5" aria-hidden />
            {text.followUp(formatDay(decision.followUpOn))}
            {decision.followedUpAt ? ` · ${text.followedUp}` : ''}
          </li>
        ) : null}
        <li>
          {decision.sessionId ? (
            <button
              type="button"
              className="inline-flex cursor-pointer items-center gap-1 rounded text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring dark:text-brand"
              onClick={() => actions.openSource(decision.sessionId!)}
              title={decision.sessionTitle ?? undefined}
            >
              <ExternalLink className="size-3.5" aria-hidden />
              {text.source}
              <span className="sr-only">: {decision.sessionTitle}</span>
            </button>
          ) : (
            <span>{text.sourceGone}</span>
          )}
        </li>
      </ul>
      {decision.outcome ? (
        <p className="mt-2 rounded-lg bg-muted/50 px-3 py-2 text-sm break-words" data-testid="decision-outcome">
          {text.outcome(decision.outcome)}
          {decision.outcomeFactId ? <span className="ml-2 text-xs text-muted-foreground">· {text.remembered}</span> : null}
        </p>
      ) : null}
      {asking ? (
        <OutcomeForm decision={decision} actions={actions} onClose={() => setAsking(false)} />
      ) : confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-destructive/10 p-2.5" role="group" aria-label={text.confirmDelete}>
          <p className="flex-1 text-sm">{text.confirmDelete}</p>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {decisionsText.dialog.cancel}
          </Button>
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => actions.remove(decision)} autoFocus>
            {text.delete}
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex items-center gap-1 sm:gap-2">
          {/* The app's own listbox (issue 29, point 20), named by its hidden label. */}
          <label htmlFor={statusId} className="sr-only">
            {text.statusLabel}
          </label>
          <Select value={decision.status} disabled={busy} onValueChange={(status) => (status === 'done' ? setAsking(true) : actions.setStatus(decision, status as DecisionStatus))}>
            <SelectTrigger id={statusId} className="h-8 w-auto gap-1.5 px-2 text-xs font-medium">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {decisionStatuses.map((status) => (
                <SelectItem key={status} value={status} className="text-xs">
                  <SelectItemText>{text.groups[status]}</SelectItemText>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {busy ? <Spinner /> : null}
          <span className="flex-1" />
          {decision.status === 'open' ? (
            <Button size="sm" variant="ghost" onClick={() => actions.followUp(decision)} disabled={busy} aria-label={`${text.followUpNow}: ${decision.text}`}>
              <MessageSquareReply aria-hidden />
              <span className="max-sm:sr-only">{text.followUpNow}</span>
            </Button>
          ) : null}
          {decision.status === 'done' ? (
            <Button size="sm" variant="ghost" onClick={() => setAsking(true)} aria-label={`${decisionsText.outcome.edit}: ${decision.text}`}>
              <NotebookPen aria-hidden />
              <span className="max-sm:sr-only">{decisionsText.outcome.edit}</span>
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => actions.edit(decision)} aria-label={`${text.edit}: ${decision.text}`}>
            <Pencil aria-hidden />
            <span className="max-sm:sr-only">{text.edit}</span>
          </Button>
          <Button size="sm" variant="ghost" className="hover:text-destructive" onClick={() => setConfirming(true)} aria-label={`${text.delete}: ${decision.text}`}>
            <Trash2 aria-hidden />
            <span className="max-sm:sr-only">{text.delete}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
