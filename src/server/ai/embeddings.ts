import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, type EmbeddingModel } from 'ai';
import type { Config } from '#server/config.ts';
import { createProviderFetch } from './provider-fetch.ts';

/**
 * Text to vectors, through the configured provider's embeddings API (AI SDK `embedMany`): passages
 * when a document is analysed, a read_document query at read time (decision 085). Null when the
 * provider offers none (Anthropic, the demo) or AI_EMBEDDING_MODEL is off.
 */
export interface Embedder {
  /** The model's name, stored with each vector: vectors of another model are never compared. */
  readonly model: string;
  /** One vector per value, in order. One request per call (the caller batches); no retries of its own. */
  embed(values: string[], options: { signal?: AbortSignal }): Promise<number[][]>;
}

export function createEmbedder(ai: Config['ai']): Embedder | null {
  const settings = ai.embeddings;
  if (!settings) return null;
  let model: EmbeddingModel;
  if (ai.provider === 'openai') model = createOpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch: createProviderFetch() }).embedding(settings.model);
  else if (ai.provider === 'openai-compatible')
    model = createOpenAICompatible({ name: 'openai-compatible', baseURL: ai.baseUrl!, apiKey: ai.apiKey, fetch: createProviderFetch() }).embeddingModel(settings.model);
  else return null;
  return {
    model: settings.model,
    async embed(values, { signal }) {
      const result = await embedMany({ model, values, dimensions: settings.dimensions, maxRetries: 0, maxParallelCalls: 1, abortSignal: signal });
      return result.embeddings;
    },
  };
}
