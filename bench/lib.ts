import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a bench server script in its own process (so it does not share a core with the load generator's event loop).
 * `cwd`: another checkout to run the script from (its own code and migrations: a before/after comparison).
 */
export async function startServer(script: string, env: Record<string, string> = {}, options: { cwd?: string } = {}): Promise<RunningServer> {
  // The flags `npm start` runs the server with (--no-wasm-code-gc, decision 089). BENCH_SERVER_NODE_ARGS passes more Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=tmp/prof" to profile it.
  const child = fork(options.cwd ? path.resolve(options.cwd, script) : script, [], {
    cwd: options.cwd,
    execArgv: ['--no-wasm-code-gc', '--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(' ') : [])],
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The resident memory of a bench server started by startServer (bench/servers/app-server.ts answers the "memory" message). */
export function serverRss(server: RunningServer): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; rss?: number };
      if (m.type !== 'memory') return;
      server.child.off('message', onMessage);
      resolve(m.rss!);
    };
    server.child.on('message', onMessage);
    server.child.send({ type: 'memory' });
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, options: { headers?: Record<string, string>; seconds?: number; connections?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers: options.headers,
    duration: options.seconds ?? 10,
    connections: options.connections ?? 20,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
