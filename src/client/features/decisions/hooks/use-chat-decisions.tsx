import { useQueryClient } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { lazy, useCallback, useMemo, useState } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { FREE_DECISIONS, decisionTextFromReply, decisionsText, type DecisionStatus } from '#contract/decisions-text.ts';
import type { DecisionDto } from '#contract/decisions.ts';
import { errorCatalog, isUpgradeErrorCode } from '#contract/errors-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { WhenOpened } from '#client/components/when-opened.tsx';
import { errorCodeOf } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useCreateDecision } from '../api/create-decision.ts';
import { useDeleteDecision } from '../api/delete-decision.ts';
import { decisionsQueryOptions } from '../api/list-decisions.ts';
import { useFollowUps } from '../api/list-follow-ups.ts';
import { useStartFollowUp } from '../api/start-follow-up.ts';
import { useUpdateDecision } from '../api/update-decision.ts';
import type { DecisionFields, DecisionFormValues } from '../components/decision-form-dialog.tsx';
import type { DecisionActions } from '../components/decisions-panel.tsx';
import { FollowUpPrompt } from '../components/follow-up-prompt.tsx';
import type { ChatDecisions, ChatDecisionsOptions } from '#client/slots/chat.ts';

/*
 * The panel and the form (react-hook-form, zod and the contract's schema) are chunks of their own, mounted when
 * first opened: the chat screen loads and renders neither until the log is used (issue 18, decision 042).
 */
const loadForm = () => import('../components/decision-form-dialog.tsx');
const loadPanel = () => import('../components/decisions-panel.tsx');
const DecisionFormDialog = lazy(() => loadForm().then((m) => ({ default: m.DecisionFormDialog })));
const DecisionsPanel = lazy(() => loadPanel().then((m) => ({ default: m.DecisionsPanel })));
const preloadForm = () => void loadForm().catch(() => {});
const preloadPanel = () => void loadPanel().catch(() => {});


type Editing = { mode: 'save'; message: ChatMessageDto; initial: DecisionFormValues } | { mode: 'edit'; decision: DecisionDto; initial: DecisionFormValues };

const empty = { owner: '', dueDate: '', followUpOn: '' };

/**
 * The decision log in the chat (decision 034): the header's Decisions button and panel, "Save decision"
 * on replies (a free account's second opens the upgrade dialog), and the welcome card's follow-up.
 */
/** The chat screen's decision-log slot (src/client/slots/chat.ts). */
export function useChatDecisions({ isPremium, onUpgrade, openSession }: ChatDecisionsOptions): ChatDecisions {
  const queryClient = useQueryClient();
  const [panelOpen, setPanelOpen] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const create = useCreateDecision();
  const update = useUpdateDecision();
  const remove = useDeleteDecision();
  const followUps = useFollowUps(true);
  const startFollowUp = useStartFollowUp();

  const refused = useCallback(
    (error: unknown, notice: { title: string; description: string }) => {
      const code = errorCodeOf(error);
      if (isUpgradeErrorCode(code)) onUpgrade((error as Error).message);
      else notify({ ...notice, variant: 'destructive' });
    },
    [onUpgrade],
  );

  const save = useCallback(
    async (message: ChatMessageDto) => {
      preloadForm();
      // The server decides (and refuses a second); the client mirrors it so a free account is not asked to fill a form in vain.
      if (!isPremium) {
        const current = await queryClient.fetchQuery(decisionsQueryOptions()).catch(() => null);
        if (current && current.decisions.length >= FREE_DECISIONS) {
          onUpgrade(errorCatalog['forbidden:decisions'].message);
          return;
        }
      }
      setEditing({ mode: 'save', message, initial: { kind: 'decision', text: decisionTextFromReply(message.content), ...empty } });
    },
    [isPremium, onUpgrade, queryClient],
  );

  const submit = useCallback(
    (fields: DecisionFields) => {
      if (!editing) return;
      if (editing.mode === 'save') {
        create.mutate(
          { ...fields, sessionId: editing.message.sessionId, messageId: editing.message.id },
          {
            onSuccess: () => {
              setEditing(null);
              notify({ ...decisionsText.saved, variant: 'success' });
            },
            onError: (error) => {
              if (isUpgradeErrorCode(errorCodeOf(error))) setEditing(null);
              refused(error, decisionsText.saveFailed);
            },
          },
        );
      } else {
        update.mutate(
          { id: editing.decision.id, input: { kind: fields.kind, text: fields.text, owner: fields.owner ?? null, dueDate: fields.dueDate ?? null, followUpOn: fields.followUpOn ?? null } },
          { onSuccess: () => setEditing(null), onError: (error) => refused(error, decisionsText.updateFailed) },
        );
      }
    },
    [editing, create, update, refused],
  );

  const openFollowUp = useCallback(
    (decision: DecisionDto) => {
      setBusyId(decision.id);
      startFollowUp.mutate(decision.id, {
        onSuccess: (result) => {
          setPanelOpen(false);
          // A follow-up is a send: today's counters and the history list changed.
          void queryClient.invalidateQueries({ queryKey: ['/api/chat/usage'] });
          openSession(result.session.id);
        },
        onError: (error) => refused(error, decisionsText.followUpFailed),
        onSettled: () => setBusyId(null),
      });
    },
    [startFollowUp, queryClient, openSession, refused],
  );

  const actions: DecisionActions = useMemo(
    () => ({
      busyId,
      setStatus: (decision: DecisionDto, status: DecisionStatus) => {
        setBusyId(decision.id);
        update.mutate({ id: decision.id, input: { status } }, { onError: (error) => refused(error, decisionsText.updateFailed), onSettled: () => setBusyId(null) });
      },
      markDone: (decision: DecisionDto, outcome: string) => {
        setBusyId(decision.id);
        update.mutate(
          { id: decision.id, input: { status: 'done', outcome: outcome.trim() || null } },
          {
            onSuccess: (saved) => {
              notify({ title: saved.outcomeFactId ? decisionsText.outcome.remembered : decisionsText.outcome.saved, variant: 'success' });
              // The outcome may be a fact on "What my advisors know" now.
              void queryClient.invalidateQueries({ queryKey: ['/api/memory'] });
            },
            onError: (error) => refused(error, decisionsText.updateFailed),
            onSettled: () => setBusyId(null),
          },
        );
      },
      remembersOutcomes: isPremium,
      edit: (decision: DecisionDto) =>
        setEditing({
          mode: 'edit',
          decision,
          initial: { kind: decision.kind, text: decision.text, owner: decision.owner ?? '', dueDate: decision.dueDate ?? '', followUpOn: decision.followUpOn ?? '' },
        }),
      remove: (decision: DecisionDto) => {
        setBusyId(decision.id);
        remove.mutate(decision.id, { onError: (error) => refused(error, decisionsText.deleteFailed), onSettled: () => setBusyId(null) });
      },
      openSource: (sessionId: string) => {
        setPanelOpen(false);
        openSession(sessionId);
      },
      followUp: openFollowUp,
    }),
    [busyId, update, remove, refused, openSession, openFollowUp, queryClient, isPremium],
  );

  // Stable, so the chat's message handlers (and every memoised message) do not change with each render.
  const saveReply = useCallback((message: ChatMessageDto) => void save(message), [save]);

  const due = followUps.data?.decisions ?? [];
  const first = due[0];
  return {
    headerButton: (
      <Button
        variant="ghost"
        size="sm"
        className="max-sm:size-9 max-sm:px-0"
        onClick={() => setPanelOpen(true)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        aria-label={decisionsText.panel.button}
        aria-haspopup="dialog"
      >
        <ListChecks aria-hidden />
        <span className="hidden sm:inline">{decisionsText.panel.button}</span>
      </Button>
    ),
    openPanel: () => {
      preloadPanel();
      setPanelOpen(true);
    },
    save: saveReply,
    followUp: first ? <FollowUpPrompt decision={first} more={due.length - 1} pending={busyId === first.id} onOpen={() => openFollowUp(first)} /> : null,
    dialogs: (
      <>
        <WhenOpened open={panelOpen}>
          <DecisionsPanel open={panelOpen} onOpenChange={setPanelOpen} actions={actions} />
        </WhenOpened>
        <WhenOpened open={editing !== null}>
          <DecisionFormDialog
            open={editing !== null}
            mode={editing?.mode ?? 'save'}
            initial={editing?.initial ?? { kind: 'decision', text: '', ...empty }}
            pending={create.isPending || update.isPending}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            onSubmit={submit}
          />
        </WhenOpened>
      </>
    ),
  };
}
