import { streamDeltaEventSchema, streamDoneEventSchema, streamErrorEventSchema, streamSnapshotEventSchema, streamToolsEventSchema } from '#contract/chat.ts';
import type { ReplyEvent } from './reply-events.ts';
import type { StreamEvent as SseEvent } from '#client/lib/event-stream.ts';

/*
 * Reading a reply stream's events checks them against the contract's schemas, which need zod: this module
 * is loaded when a reply is about to be followed (and asked for when the message box gets focus), so the
 * chat screen's first load does without zod (issue 18, decision 042).
 */

const schemas = {
  snapshot: streamSnapshotEventSchema,
  delta: streamDeltaEventSchema,
  done: streamDoneEventSchema,
  error: streamErrorEventSchema,
  tools: streamToolsEventSchema,
} as const;

/** A raw SSE event as a reply event; null for anything unknown or malformed (ignored, never fatal). */
export function toReplyEvent(raw: SseEvent): ReplyEvent | null {
  if (!(raw.event in schemas)) return null;
  const type = raw.event as keyof typeof schemas;
  let json: unknown;
  try {
    json = JSON.parse(raw.data);
  } catch {
    return null;
  }
  const parsed = schemas[type].safeParse(json);
  if (!parsed.success) return null;
  const offset = raw.id !== null && /^\d+$/.test(raw.id) ? Number(raw.id) : -1;
  return { type, offset, ...parsed.data } as ReplyEvent;
}
