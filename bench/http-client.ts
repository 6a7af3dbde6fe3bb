/**
 * What the benches share to drive the app as a browser would: node:http with keep-alive (the
 * measuring client should add as little of its own time as it can), JSON calls, a Server-Sent
 * Events reader, and the fake provider process's settings and the server's memory.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { FakeProcessMessage } from './servers/fake-openai-server.ts';
import type { RunningServer } from './lib.ts';

export interface BenchClient {
  url: string;
  cookie: string;
  /** Sent with every request, e.g. the test-Premium header (ALLOW_TEST_PREMIUM). */
  headers?: Record<string, string>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

export function request(client: BenchClient, method: string, url: string, headers: Record<string, string>, body?: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${client.url}${url}`, { method, agent, headers: { cookie: client.cookie, ...client.headers, ...headers } }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench code reads the fields it knows the API answers
export async function api(client: BenchClient, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await request(client, method, url, body ? { 'content-type': 'application/json' } : {}, body ? JSON.stringify(body) : undefined);
  let text = '';
  response.setEncoding('utf8');
  for await (const part of response) text += part;
  return { status: response.statusCode!, json: text ? JSON.parse(text) : null };
}

/**
 * Reads an SSE stream until its `done` or `error` event, which it returns; `onEvent` sees every
 * event on the way (e.g. to note when the first text arrived).
 */
export async function readEvents<T = Record<string, unknown>>(client: BenchClient, url: string, onEvent: (event: string, data: T) => void = () => {}): Promise<{ event: string; data: T }> {
  const response = await request(client, 'GET', url, { accept: 'text/event-stream' });
  if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
  response.setEncoding('utf8');
  let buffer = '';
  for await (const part of response) {
    buffer += part as string;
    let split = buffer.indexOf('\n\n');
    while (split !== -1) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      split = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const parsed = JSON.parse(data) as T;
      onEvent(event, parsed);
      if (event === 'done' || event === 'error') return { event, data: parsed };
    }
  }
  throw new Error('stream ended without a final event');
}

/** Sets the fake provider process's replies (bench/servers/fake-openai-server.ts). */
export function configureFake(fake: RunningServer, settings: Omit<Extract<FakeProcessMessage, { type: 'configure' }>, 'type'>): Promise<void> {
  return new Promise((resolve) => {
    fake.child.once('message', () => resolve());
    fake.child.send({ type: 'configure', ...settings } satisfies FakeProcessMessage);
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * CPU time a process's main thread has used, in microseconds (user + system, from /proc; counted in
 * the kernel's 100 Hz ticks, so read it over seconds, not milliseconds). Null where there is no /proc.
 */
export function mainThreadCpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After the command: state is field 3, utime 14 and stime 15 (proc(5)), i.e. indexes 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/** A process's resident memory, from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
