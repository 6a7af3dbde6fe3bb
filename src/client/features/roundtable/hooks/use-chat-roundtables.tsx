import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { upgradeErrorCodes } from '#contract/errors-text.ts';
import { executiveRoles } from '#contract/roles.ts';
import { defaultSeats, roundtableText } from '#contract/roundtable-text.ts';
import type { CreateRoundtableInput, RoundtableDto } from '#contract/roundtable.ts';
import { errorCodeOf } from '#client/lib/api-client.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { createRoundtable, listRoundtables, roundtableKeys, stopRoundtable } from '../api/roundtables.ts';
import { FormatPanel, FormatSwitch, WHOLE_TABLE, type ChatFormat } from '../components/format-panel.tsx';
import { seedTable, useTableState } from './use-roundtable.ts';
import type { ChatRoundtables, ChatRoundtablesOptions } from '#client/slots/chat.ts';

/**
 * A table's card is a chunk of its own (only conversations that held a table show one; decision 042). Until
 * it is here, the card's own loading state.
 */
const RoundtableCard = lazy(() => import('../components/roundtable-card.tsx').then((m) => ({ default: m.RoundtableCard })));
const loadingCard = (
  <div className="flex items-center gap-2 rounded-xl border p-4 text-sm text-muted-foreground" data-testid="roundtable">
    <Spinner label="Loading the roundtable" />
  </div>
);


type Role = CreateRoundtableInput['executiveRoles'][number];

function questionMessage(table: RoundtableDto): ChatMessageDto {
  return {
    id: table.questionMessageId ?? `rt-${table.id}`,
    sessionId: table.sessionId,
    role: 'user',
    content: table.question,
    userRole: table.userRole,
    executiveRole: null,
    documentIds: [],
    like: null,
    dislike: null,
    timestamp: table.createdAt,
    status: 'complete',
    model: null,
    promptTokens: null,
    completionTokens: null,
    error: null,
    roundtableId: table.id,
  };
}

/**
 * The chat screen's roundtables (the app layer passes this hook to the chat feature): the format
 * choice and seats, convening a table on the composer's question, following up with the table or
 * one seat, Stop, and each table shown where it was asked.
 */
/** The chat screen's roundtables slot (src/client/slots/chat.ts). */
export function useChatRoundtables({ sessionId, context, isPremium, onUpgrade }: ChatRoundtablesOptions): ChatRoundtables {
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ChatFormat>('one-on-one');
  const [seats, setSeats] = useState<string[]>(() => defaultSeats(context.executiveRole, executiveRoles));
  const [addressTo, setAddressTo] = useState(WHOLE_TABLE);

  const list = useQuery({
    queryKey: roundtableKeys.ofSession(sessionId ?? ''),
    queryFn: ({ signal }) => listRoundtables(sessionId!, signal),
    enabled: sessionId !== null && isPremium,
  });
  const tables = useMemo(() => list.data?.roundtables ?? [], [list.data]);
  // The conversation's tables, oldest first; a follow-up goes to the last full table.
  const latestFull = [...tables].reverse().find((t) => !t.addressTo) ?? null;
  const latest = tables.at(-1) ?? null;
  const latestState = useTableState(latest?.id ?? null);
  const running = latestState.data?.table.status === 'running';

  // A conversation that held a table opens in its format, with its seats.
  useEffect(() => {
    if (latestFull) {
      setFormat(latestFull.format);
      setSeats(latestFull.seats.map((s) => s.role));
    }
  }, [latestFull?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (latestFull || format !== 'one-on-one') return;
    // The same seats keep the same array: a new one on mount re-rendered the whole chat screen (decision 042).
    const next = defaultSeats(context.executiveRole, executiveRoles);
    setSeats((current) => (current.length === next.length && current.every((role, i) => role === next[i]) ? current : next));
  }, [context.executiveRole]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!sessionId) {
      setFormat('one-on-one');
      setAddressTo(WHOLE_TABLE);
    }
  }, [sessionId]);

  const chooseFormat = useCallback(
    (next: ChatFormat) => {
      setFormat(next);
      if (next === 'head-to-head') setSeats((current) => (current.length >= 2 ? current.slice(0, 2) : defaultSeats(context.executiveRole, executiveRoles).slice(0, 2)));
      if (next === 'roundtable' && seats.length < 2) setSeats(defaultSeats(context.executiveRole, executiveRoles));
    },
    [context.executiveRole, seats.length],
  );

  const active = format !== 'one-on-one';
  const followUpTo = active && latestFull && latestFull.format === format ? latestFull : null;

  const convene = useCallback(
    async (id: string, question: string): Promise<ChatMessageDto | null> => {
      if (!isPremium) {
        onUpgrade(roundtableText.premiumOnly);
        return null;
      }
      if (format === 'one-on-one') return null;
      const input: CreateRoundtableInput = followUpTo
        ? {
            question,
            format: followUpTo.format,
            executiveRoles: followUpTo.seats.map((s) => s.role as Role),
            followUpOf: followUpTo.id,
            ...(addressTo !== WHOLE_TABLE ? { addressTo: addressTo as Role } : {}),
          }
        : { question, format, executiveRoles: (format === 'head-to-head' ? seats.slice(0, 2) : seats) as Role[] };
      try {
        const table = await createRoundtable(id, input);
        seedTable(queryClient, table);
        // A list read still in flight (a new conversation's list is asked for as soon as it exists) was
        // answered before the table existed: cancelled first, or it would overwrite the table added here.
        const key = roundtableKeys.ofSession(id);
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<{ roundtables: RoundtableDto[] }>(key, (current) => ({ roundtables: [...(current?.roundtables ?? []).filter((t) => t.id !== table.id), table] }));
        void queryClient.invalidateQueries({ queryKey: key });
        return questionMessage(table);
      } catch (error) {
        const code = errorCodeOf(error);
        if (code && (upgradeErrorCodes as readonly string[]).includes(code)) onUpgrade((error as Error).message);
        else notify({ title: roundtableText.startFailed.title, description: code === 'rate_limit:roundtables' ? (error as Error).message : roundtableText.startFailed.description, variant: 'destructive' });
        return null;
      }
    },
    [addressTo, followUpTo, format, isPremium, onUpgrade, queryClient, seats],
  );

  const stop = useCallback(() => {
    if (!latest) return;
    stopRoundtable(latest.id).then(
      (table) => seedTable(queryClient, table),
      () => notify({ ...roundtableText.stopFailed, variant: 'destructive' }),
    );
  }, [latest, queryClient]);

  const renderTable = useCallback(
    (id: string) => (
      <Suspense fallback={loadingCard}>
        <RoundtableCard id={id} />
      </Suspense>
    ),
    [],
  );

  const formatSwitch = <FormatSwitch format={format} onFormat={chooseFormat} isPremium={isPremium} onUpgrade={() => onUpgrade(roundtableText.premiumOnly)} />;
  const panel = (
    <FormatPanel
      format={format}
      seats={seats}
      onSeats={setSeats}
      followUpSeats={followUpTo ? followUpTo.seats.map((s) => s.role) : null}
      addressTo={addressTo}
      onAddressTo={setAddressTo}
    />
  );

  return {
    formatSwitch,
    panel,
    active,
    convene,
    running,
    stop,
    placeholder: active ? (followUpTo ? roundtableText.followUpPlaceholder : roundtableText.askPlaceholder) : null,
    renderTable,
    progress: progressOf(latestState.data?.table),
  };
}

/** How far the latest table has come (turns, words, status): the transcript follows it while it grows. */
function progressOf(table: RoundtableDto | undefined): string {
  if (!table) return '';
  const words = table.turns.reduce((sum, t) => sum + t.content.length, 0) + (table.synthesis?.content.length ?? 0);
  return `${table.id}:${table.turns.length}:${words}:${table.status}`;
}
