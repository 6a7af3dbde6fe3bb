import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerEmbeddings, type FakeEmbeddingsState, type RecordedEmbeddingRequest } from './fake-embeddings.ts';

/** What the fake does with one streamed chat completion request. */
export type FakeStep =
  /**
   * A normal streamed reply: `reply` split into word-sized chunks, `delayMs` between chunks. With
   * `gate`, the stream waits after `gateAfterChunks` chunks until the promise settles (a test's pause button).
   */
  | { reply: string; delayMs?: number; firstChunkDelayMs?: number; gate?: Promise<unknown>; gateAfterChunks?: number }
  /** An error status before any token, e.g. 429 or 500, optionally with a retry-after-ms header. */
  | { status: number; retryAfterMs?: number; message?: string }
  /** Sends `afterChunks` chunks of `reply`, then destroys the socket. */
  | { failAfterChunks: number; reply: string; delayMs?: number }
  /** Sends `afterChunks` chunks of `reply`, then sends nothing more and keeps the connection open. */
  | { stallAfterChunks: number; reply: string; delayMs?: number }
  /**
   * Asks for tools, as OpenAI streams it: `delta.tool_calls` (the id and name first, then the
   * arguments in pieces), then `finish_reason: 'tool_calls'`. `text` is streamed first when given.
   */
  | { toolCalls: Array<{ name: string; input: unknown; id?: string }>; text?: string };

/** A scripted answer to a non-streamed request: text, an error status, or a call of tools (the memo's tool loop). */
export type GeneratedReply = string | { status: number } | { toolCalls: Array<{ name: string; input: unknown; id?: string }> };

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string | null | Array<{ type: string; text?: string }>; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>; tool_call_id?: string }>;
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
  /** The last user message's text. */
  lastUserText: string;
  /** The system message's text (a roundtable seat's persona prompt names its role). */
  systemText: string;
  receivedAt: number;
  /** When the first content chunk was written (streamed requests that got one). */
  firstChunkAt?: number;
  /** Content chunks written so far. */
  chunksSent: number;
  /** Whether the client went away before the response ended (an aborted request). */
  clientClosed: boolean;
}

export interface FakeOpenAiServer {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Steps for the next streamed requests whose last user message contains `marker`, used in order. */
  when(marker: string, ...steps: FakeStep[]): void;
  /**
   * Steps for the next streamed requests whose system prompt contains `marker`, used in order: a
   * different script per roundtable seat (each seat's persona prompt names its title, e.g.
   * "Chief Financial Officer"). Rules by the user message are looked at first.
   */
  whenSystem(marker: string, ...steps: FakeStep[]): void;
  /** The reply to streamed requests no rule matches. */
  defaultReply: string;
  /** What non-streamed requests (title generation) answer. */
  titleReply: string;
  /** What GET /v1/models lists (a local server's models, as Ollama lists them). */
  models: string[];
  /**
   * What the next non-streamed requests whose last user message contains `marker` answer (e.g. the
   * decision memo), used in order: a text, or an error status.
   */
  whenGenerated(marker: string, ...replies: GeneratedReply[]): void;
  /** As whenGenerated, for requests whose system prompt contains `marker` (two background calls on the same message, e.g. a title and a fact extraction, told apart). */
  whenGeneratedSystem(marker: string, ...replies: GeneratedReply[]): void;
  /** Streamed requests whose last user message contains `marker`. */
  requestsFor(marker: string): RecordedRequest[];
  /**
   * POST /v1/embeddings (fake-embeddings.ts): what it received, words it reads as others
   * (`synonyms.set('money', 'cash')`), statuses the next requests answer, a delay before answering.
   */
  embeddings: FakeEmbeddingsState & { requestsWith(text: string): RecordedEmbeddingRequest[] };
  close(): Promise<void>;
}

/** Splits text into chunks the way a tokenizer roughly would: words with their following space. */
export function tokenChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function textOf(content: RecordedRequest['body']['messages'][number]['content']): string {
  if (content === null) return '';
  return typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('');
}

/**
 * A real HTTP server speaking the OpenAI Chat Completions protocol (POST /v1/chat/completions),
 * with streamed SSE (`data: {chunk}` ... `data: [DONE]`) and plain JSON answers. Scriptable per
 * request, so tests can drive rate limits, outages, broken and stalled streams.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const rules: Array<{ marker: string; steps: FakeStep[] }> = [];
  const systemRules: Array<{ marker: string; steps: FakeStep[] }> = [];
  const generatedRules: Array<{ marker: string; replies: GeneratedReply[]; system?: boolean }> = [];
  const requests: RecordedRequest[] = [];
  const embeddings: FakeEmbeddingsState = { requests: [], synonyms: new Map(), failures: [], delayMs: 0 };
  const state = { defaultReply: 'This is the fake advisor speaking. Here is my considered answer.', titleReply: 'Fake Conversation Title', models: ['fake-model'] };

  const stepFor = (lastUserText: string, systemText: string): FakeStep => {
    const rule = rules.find((r) => r.steps.length > 0 && lastUserText.includes(r.marker)) ?? systemRules.find((r) => r.steps.length > 0 && systemText.includes(r.marker));
    return rule?.steps.shift() ?? { reply: state.defaultReply };
  };

  type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  const usageOf = (prompt: number, completion: number): Usage => ({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion });
  const created = () => Math.floor(Date.now() / 1000);
  /** One SSE event of a streamed completion (a delta; the last one carries the finish reason and usage). */
  const chunk = (id: string, model: string, delta: Record<string, unknown>, end?: { finishReason: string; usage: Usage }) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: created(), model, choices: [{ index: 0, delta, finish_reason: end?.finishReason ?? null }], ...(end ? { usage: end.usage } : {}) })}\n\n`;
  /** A non-streamed completion: one assistant message, its finish reason and usage. */
  const sendCompletion = (res: ServerResponse, model: string, message: Record<string, unknown>, finishReason: string) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: `chatcmpl-${crypto.randomUUID()}`, object: 'chat.completion', created: created(), model, choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }], usage: usageOf(10, 4) }));
  };

  async function streamToolCalls(res: ServerResponse, recorded: RecordedRequest, step: Extract<FakeStep, { toolCalls: unknown }>) {
    const id = `chatcmpl-${crypto.randomUUID()}`;
    const model = recorded.body.model;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk(id, model, { role: 'assistant', content: step.text ?? null }));
    recorded.firstChunkAt ??= performance.now();
    step.toolCalls.forEach((call, index) => {
      const args = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
      const half = Math.ceil(args.length / 2);
      res.write(chunk(id, model, { tool_calls: [{ index, id: call.id ?? `call_${crypto.randomUUID().slice(0, 8)}`, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }] }));
      res.write(chunk(id, model, { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
      recorded.chunksSent += 2;
    });
    res.write(chunk(id, model, {}, { finishReason: 'tool_calls', usage: usageOf(10, 5) }));
    res.end('data: [DONE]\n\n');
  }

  async function streamReply(res: ServerResponse, recorded: RecordedRequest, step: Exclude<FakeStep, { status: number } | { toolCalls: unknown }>) {
    const id = `chatcmpl-${crypto.randomUUID()}`;
    const model = recorded.body.model;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const chunks = tokenChunks(step.reply);
    const limit = 'failAfterChunks' in step ? step.failAfterChunks : 'stallAfterChunks' in step ? step.stallAfterChunks : chunks.length;
    const delayMs = step.delayMs ?? 0;
    if ('firstChunkDelayMs' in step && step.firstChunkDelayMs) await sleep(step.firstChunkDelayMs);
    res.write(chunk(id, model, { role: 'assistant', content: '' }));
    for (let i = 0; i < Math.min(limit, chunks.length); i++) {
      if (i > 0 && delayMs) await sleep(delayMs);
      if ('gate' in step && step.gate && i === (step.gateAfterChunks ?? 0)) await step.gate;
      if (res.destroyed) return;
      recorded.firstChunkAt ??= performance.now();
      recorded.chunksSent += 1;
      await new Promise<void>((resolve) => res.write(chunk(id, model, { content: chunks[i] }), () => resolve()));
    }
    if ('failAfterChunks' in step) {
      // Give the client time to read what was sent, then cut the connection without ending the response.
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if ('stallAfterChunks' in step) return; // Say nothing more; the client must give up on its own.
    const promptTokens = Math.ceil(JSON.stringify(recorded.body.messages).length / 4);
    res.write(chunk(id, model, {}, { finishReason: 'stop', usage: usageOf(promptTokens, chunks.length) }));
    res.end('data: [DONE]\n\n');
  }

  function jsonReply(res: ServerResponse, recorded: RecordedRequest) {
    const rule = generatedRules.find((r) => r.replies.length > 0 && (r.system ? recorded.systemText : recorded.lastUserText).includes(r.marker));
    const scripted = rule?.replies.shift();
    if (typeof scripted === 'object' && 'toolCalls' in scripted) {
      // A non-streamed answer asking for tools (the memo's generateText tool loop, decision 084).
      const toolCalls = scripted.toolCalls.map((call) => ({ id: call.id ?? `call_${crypto.randomUUID().slice(0, 8)}`, type: 'function', function: { name: call.name, arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input) } }));
      return sendCompletion(res, recorded.body.model, { content: null, tool_calls: toolCalls }, 'tool_calls');
    }
    if (typeof scripted === 'object') {
      res.writeHead(scripted.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Fake error ${scripted.status}`, type: 'invalid_request_error' } }));
      return;
    }
    sendCompletion(res, recorded.body.model, { content: scripted ?? state.titleReply }, 'stop');
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (raw += part));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'library' })) }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/embeddings') return void answerEmbeddings(res, raw, embeddings).catch(() => res.destroy());
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
      const system = body.messages.find((m) => m.role === 'system');
      const recorded: RecordedRequest = { body, headers: req.headers, lastUserText: lastUser ? textOf(lastUser.content) : '', systemText: system ? textOf(system.content) : '', receivedAt: performance.now(), chunksSent: 0, clientClosed: false };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.clientClosed = true;
      });
      if (!body.stream) return jsonReply(res, recorded);
      const step = stepFor(recorded.lastUserText, recorded.systemText);
      if ('status' in step) {
        res.writeHead(step.status, { 'content-type': 'application/json', ...(step.retryAfterMs !== undefined ? { 'retry-after-ms': String(step.retryAfterMs) } : {}) });
        res.end(JSON.stringify({ error: { message: step.message ?? `Fake error ${step.status}`, type: step.status === 429 ? 'rate_limit_exceeded' : 'server_error' } }));
        return;
      }
      if ('toolCalls' in step) return void streamToolCalls(res, recorded, step).catch(() => res.destroy());
      streamReply(res, recorded, step).catch(() => res.destroy());
    });
  });
  // Idle connections stay open for the whole test file (close() ends them). A short idle timeout lost
  // requests under load: the app's fetch reused a connection, then the shared event loop was busy past
  // the timeout and the server closed it before reading the request (ECONNRESET; with AI_MAX_RETRIES=0
  // a failed seat). Node sends the timeout as a Keep-Alive hint, so the client never outstays it.
  server.keepAliveTimeout = 10 * 60_000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    when(marker, ...steps) {
      rules.push({ marker, steps });
    },
    whenSystem(marker, ...steps) {
      systemRules.push({ marker, steps });
    },
    whenGenerated(marker, ...replies) {
      generatedRules.push({ marker, replies });
    },
    whenGeneratedSystem(marker, ...replies) {
      generatedRules.push({ marker, replies, system: true });
    },
    get defaultReply() {
      return state.defaultReply;
    },
    set defaultReply(value: string) {
      state.defaultReply = value;
    },
    get titleReply() {
      return state.titleReply;
    },
    get models() {
      return state.models;
    },
    set models(value: string[]) {
      state.models = value;
    },
    set titleReply(value: string) {
      state.titleReply = value;
    },
    embeddings: Object.assign(embeddings, { requestsWith: (text: string) => embeddings.requests.filter((request) => request.inputs.some((input) => input.includes(text))) }),
    requestsFor: (marker) => requests.filter((r) => r.body.stream && r.lastUserText.includes(marker)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
