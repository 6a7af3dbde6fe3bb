import { useVirtualizer } from '@tanstack/react-virtual';
import { History } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { DISPLAYED_MESSAGES } from '#contract/limits.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { PendingMessage } from '../hooks/use-send-message.ts';
import { linkTrust } from '../logic/link-trust.ts';
import { AssistantMessage, ReplyPlaceholder, SystemNote, UserMessage } from './chat-message.tsx';
import type { MessageHandlers } from './message-actions.tsx';
import { LinkTrustContext } from './reply-link.tsx';

interface Props {
  messages: ChatMessageDto[];
  pending: PendingMessage | null;
  advisor: string;
  handlers: MessageHandlers;
  renderDocuments?: (message: { sessionId: string; documentIds: string[] }) => ReactNode;
  /** Under a finished reply (company memory's "Remember this?"). */
  renderAfterReply?: (message: ChatMessageDto) => ReactNode;
  hasEarlier: boolean;
  /** The message being sent waits for its document's upload: said under it, and no reply is awaited yet. */
  pendingUpload?: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** A roundtable's messages show as one table, where its first message is (the roundtable feature's). */
  renderRoundtable?: (roundtableId: string) => ReactNode;
  /** The element the transcript scrolls in: a list of hundreds of rows renders only those near its viewport. */
  getScrollElement?: () => HTMLElement | null;
}

/**
 * Above this many rows the transcript is virtualized (issue 18, point 5; decision 032): only the rows
 * near the viewport are in the page, so a conversation paged back to its 10,000th message stays as quick
 * as one of 50. Below it every row is rendered, as the spec's 50 latest always are.
 */
export const VIRTUALIZE_ABOVE = 300;
const neverAdjust = () => false;
/** The space between rows (Tailwind gap-6), kept by the virtualizer between the rows it positions. */
const ROW_GAP_PX = 24;
/** A first guess at a row's height, corrected by measuring each row as it renders. */
const ESTIMATED_ROW_PX = 120;

/** Each roundtable once, at its first message; its other messages are the table's to show. */
function firstOfEachTable(messages: ChatMessageDto[]): Set<string> {
  const seen = new Set<string>();
  const firsts = new Set<string>();
  for (const message of messages) {
    if (!message.roundtableId || seen.has(message.roundtableId)) continue;
    seen.add(message.roundtableId);
    firsts.add(message.id);
  }
  return firsts;
}

/**
 * Second opinions ("Ask another executive", decision 060): replies written by another executive than the
 * one their question was asked of. The conversation keeps its executive; these are labelled as one-offs.
 */
export function secondOpinionIds(messages: readonly ChatMessageDto[]): Set<string> {
  const ids = new Set<string>();
  let askedOf: string | null = null;
  for (const message of messages) {
    if (message.role === 'user') askedOf = message.executiveRole;
    else if (message.role === 'assistant' && !message.roundtableId && askedOf && message.executiveRole && message.executiveRole !== askedOf) ids.add(message.id);
  }
  return ids;
}

/** The transcript: the latest 50 messages (spec section 4), older ones on request, then the message being sent. */
export function MessageList({ messages, pending, advisor, handlers, renderDocuments, renderAfterReply, pendingUpload, hasEarlier, loadingEarlier, onLoadEarlier, renderRoundtable, getScrollElement }: Props) {
  const tableStarts = renderRoundtable ? firstOfEachTable(messages) : null;
  // Only the last question can be edited and sent again (not a table's: the table is its answer), and not
  // while its reply is being written.
  const lastQuestion = messages.findLast((m) => m.role === 'user');
  const replying = messages.some((m) => m.role === 'assistant' && m.status === 'streaming');
  const editableId = !pending && !replying && !lastQuestion?.roundtableId ? lastQuestion?.id : undefined;
  const rows = tableStarts ? messages.filter((m) => !m.roundtableId || tableStarts.has(m.id)) : messages;
  // Replies may link without a warning only to this site and to addresses the user wrote (decision 053).
  const userText = messages.flatMap((m) => (m.role === 'user' ? [m.content] : [])).join('\n');
  const trust = useMemo(() => linkTrust([userText], location.origin), [userText]);
  const secondOpinions = secondOpinionIds(messages);
  const renderRow = (message: ChatMessageDto) =>
    tableStarts && message.roundtableId ? (
      renderRoundtable!(message.roundtableId)
    ) : message.role === 'system' ? (
      <SystemNote message={message} />
    ) : message.role === 'user' ? (
      <UserMessage message={message} handlers={handlers} documents={renderDocuments?.(message)} editable={message.id === editableId} />
    ) : (
      <>
        <AssistantMessage message={message} handlers={handlers} secondOpinion={secondOpinions.has(message.id)} />
        {message.status === 'complete' ? renderAfterReply?.(message) : null}
      </>
    );
  return (
    <LinkTrustContext value={trust}>
      <div className="flex flex-col gap-6" aria-label="Conversation">
        {hasEarlier ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-3 text-center">
            <p className="text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">Performance mode:</span> showing the latest {DISPLAYED_MESSAGES} messages.
            </p>
            <Button variant="outline" size="sm" onClick={onLoadEarlier} disabled={loadingEarlier} aria-busy={loadingEarlier}>
              {loadingEarlier ? <Spinner /> : <History aria-hidden />}
              Load earlier messages
            </Button>
          </div>
        ) : null}
        {getScrollElement ? (
          <VirtualRows rows={rows} renderRow={renderRow} getScrollElement={getScrollElement} />
        ) : (
          rows.map((message) => (tableStarts && message.roundtableId ? <div key={message.id}>{renderRow(message)}</div> : <Fragment key={message.id}>{renderRow(message)}</Fragment>))
        )}
        {pending ? (
          <>
            <UserMessage message={{ ...placeholderFields, id: pending.id, content: pending.content }} pendingNote={pendingUpload ? 'Waiting for your document…' : undefined} />
            {pendingUpload || !advisor ? null : <ReplyPlaceholder advisor={advisor} />}
          </>
        ) : null}
      </div>
    </LinkTrustContext>
  );
}

/**
 * Every row while there are at most VIRTUALIZE_ABOVE, else the rows near the viewport, in document order between two spacers that stand for the rows above and
 * below (so reading order, tab order and the stick-to-bottom scroller work as on a short list). Rows are
 * keyed by message id: a measured row keeps its height when earlier messages are prepended, and a row
 * above the viewport that turns out taller or shorter than guessed moves the scroll position by as much,
 * so what the reader looks at stays put. The row holding keyboard focus stays rendered.
 */
function VirtualRows({ rows, renderRow, getScrollElement }: { rows: ChatMessageDto[]; renderRow: (message: ChatMessageDto) => ReactNode; getScrollElement: () => HTMLElement | null }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The message whose row holds keyboard focus (by id: indexes move when earlier messages arrive).
  const focused = useRef<string | null>(null);
  // Where the list starts inside the scroller (the header and "Load earlier messages" sit above it).
  useLayoutEffect(() => {
    const list = listRef.current;
    const scroller = getScrollElement();
    if (!list || !scroller) return;
    const margin = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    setScrollMargin((current) => (Math.abs(current - margin) < 1 ? current : margin));
  }, [getScrollElement, rows.length]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]!.id,
    gap: ROW_GAP_PX,
    overscan: 6,
    scrollMargin,
    rangeExtractor: (range) => {
      const indexes: number[] = [];
      // A short transcript renders every row (each measured, so the heights are known when it grows long).
      const from = range.count > VIRTUALIZE_ABOVE ? Math.max(0, range.startIndex - range.overscan) : 0;
      const to = range.count > VIRTUALIZE_ABOVE ? Math.min(range.count - 1, range.endIndex + range.overscan) : range.count - 1;
      for (let i = from; i <= to; i++) indexes.push(i);
      const keep = focused.current === null ? -1 : rows.findIndex((m) => m.id === focused.current);
      if (keep >= 0 && !indexes.includes(keep)) {
        indexes.push(keep);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
  });
  // Rendered in full, the page's own heights are right and the stick-to-bottom scroller keeps the position;
  // windowed, a row above the view measured other than guessed moves the view by the difference (the default).
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = rows.length > VIRTUALIZE_ABOVE ? undefined : neverAdjust;
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const first = items[0];
  const last = items.at(-1);
  return (
    <div
      ref={listRef}
      data-testid="virtual-message-list"
      data-windowed={rows.length > VIRTUALIZE_ABOVE}
      className="flex flex-col gap-6"
      style={{ paddingTop: first ? first.start - scrollMargin : 0, paddingBottom: last ? Math.max(0, total - (last.end - scrollMargin)) : 0 }}
      onFocus={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        focused.current = row ? (rows[Number(row.dataset.index)]?.id ?? null) : null;
      }}
    >
      {items.map((item) => (
        <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
          {renderRow(rows[item.index]!)}
        </div>
      ))}
    </div>
  );
}

const placeholderFields: ChatMessageDto = {
  id: '',
  sessionId: '',
  role: 'user',
  content: '',
  userRole: null,
  executiveRole: null,
  documentIds: [],
  like: null,
  dislike: null,
  timestamp: '',
  status: 'complete',
  model: null,
  promptTokens: null,
  completionTokens: null,
  error: null,
};
