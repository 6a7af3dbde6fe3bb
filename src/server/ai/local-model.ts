import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import { contextBudgetFor } from './context-budget.ts';

type AiConfig = Config['ai'];

/** Models a server lists that do not chat (embeddings, rerankers, speech). */
const NOT_CHAT = /embed|rerank|whisper|tts|clip|bge-|e5-/i;
const PROBE_TIMEOUT_MS = 1500;
const LOCAL_STALL_TIMEOUT_MS = 120_000;

/**
 * The chat model an OpenAI-compatible server offers (`GET {baseUrl}/models`, which Ollama, llama.cpp's
 * server, LM Studio and vLLM all answer), or null when nothing answers there in time.
 */
export async function findLocalModel(baseUrl: string, preferred?: string): Promise<string | null> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/models`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: Array<{ id?: unknown }> };
    const ids = (body.data ?? []).map((model) => model.id).filter((id): id is string => typeof id === 'string' && id.length > 0);
    if (preferred && ids.includes(preferred)) return preferred;
    return ids.find((id) => !NOT_CHAT.test(id)) ?? null;
  } catch {
    return null;
  }
}

/**
 * With no provider configured and no cloud key, a local model server is looked for once at start
 * (decision 072): Ollama's address (AI_LOCAL_URL), or AI_BASE_URL given without AI_MODEL. Its chat
 * model answers from then on; the offline demo answers when none is found. Either way the log says
 * which, and the admin view shows it.
 */
export async function resolveLocalModel(ai: AiConfig, log: FastifyBaseLogger, preferred?: string): Promise<AiConfig> {
  if (!ai.localCandidate) return ai;
  const model = await findLocalModel(ai.localCandidate, preferred);
  if (!model) {
    log.info(`AI: no cloud key is set and no local model server answered at ${ai.localCandidate}: the offline demo advisor answers (sample answers, not advice). To get real advice on this machine: "ollama pull llama3.1" with Ollama running, then restart.`);
    return ai;
  }
  log.info(`AI: using the local model "${model}" at ${ai.localCandidate} (found at start; no cloud key is set).`);
  return { ...ai, provider: 'openai-compatible', model, baseUrl: ai.localCandidate, source: 'detected', stallTimeoutMs: ai.stallTimeoutSet ? ai.stallTimeoutMs : LOCAL_STALL_TIMEOUT_MS, contextTokens: ai.contextTokensSet ? ai.contextTokens : contextBudgetFor('openai-compatible', model) };
}
