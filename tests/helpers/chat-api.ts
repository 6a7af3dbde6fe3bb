import type { FastifyInstance } from 'fastify';
import type { ChatMessageDto, ChatSessionDto } from '#contract/chat.ts';
import { inject } from './test-app.ts';
import { waitFor } from './wait-for.ts';

export async function createChatSession(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown> = { executiveRole: 'CEO', industry: 'Technology' },
  headers: Record<string, string> = {},
): Promise<ChatSessionDto> {
  const response = await inject(app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: body, headers });
  if (response.statusCode !== 201) throw new Error(`create session failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function sendChatMessage(app: FastifyInstance, cookie: string, sessionId: string, content: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return inject(app, { method: 'POST', url: `/api/chat-sessions/${sessionId}/messages`, cookie, payload: { content, role: 'user', ...extra }, headers });
}

/** Sends a user message and returns both stored messages; fails unless the API answers 201. */
export async function ask(app: FastifyInstance, cookie: string, sessionId: string, content: string, headers: Record<string, string> = {}) {
  const response = await sendChatMessage(app, cookie, sessionId, content, {}, headers);
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json() as { userMessage: ChatMessageDto; assistantMessage: ChatMessageDto; systemMessage: ChatMessageDto | null };
}

export async function listChatMessages(app: FastifyInstance, cookie: string, sessionId: string, query = '') {
  const response = await inject(app, { method: 'GET', url: `/api/chat-sessions/${sessionId}/messages${query}`, cookie });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json() as { messages: ChatMessageDto[]; hasMore: boolean };
}

/** Waits, through the API, until a message reaches one of the given statuses. */
export async function waitForMessage(
  app: FastifyInstance,
  cookie: string,
  sessionId: string,
  messageId: string,
  statuses: ChatMessageDto['status'][] = ['complete', 'failed', 'stopped'],
  timeoutMs = 20_000,
): Promise<ChatMessageDto> {
  return waitFor(
    async () => {
      const { messages } = await listChatMessages(app, cookie, sessionId, '?limit=100');
      const message = messages.find((m) => m.id === messageId);
      return message && statuses.includes(message.status) ? message : undefined;
    },
    `message ${messageId} to be ${statuses.join(' or ')}`,
    timeoutMs,
  );
}

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Events received so far. */
  events: SseEvent[];
  /** Resolves when the stream ends (or rejects after the timeout). */
  ended: Promise<void>;
  /** Resolves with the first event (received so far or later) matching the predicate. */
  next(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens a real SSE connection with fetch and parses events as they arrive. */
export async function openSse(
  url: string,
  options: { cookie?: string; lastEventId?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<{ predicate: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];

  const push = (event: SseEvent) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };

  const parse = (block: string) => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || !line) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) push({ event, id, data: JSON.parse(data.join('\n')) });
  };

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const part of response.body) {
        buffer += decoder.decode(part as Uint8Array, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split !== -1) {
          parse(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  const timeoutMs = options.timeoutMs ?? 20_000;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  void ended.finally(() => clearTimeout(timer)).catch(() => {});

  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(predicate, waitMs = timeoutMs) {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching SSE event within ${waitMs} ms; got ${JSON.stringify(events)}`)), waitMs);
        waiters.push({
          predicate,
          resolve: (e) => {
            clearTimeout(t);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
