import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '#server/config.ts';
import { DemoLanguageModel } from './demo/demo-model.ts';
import { createProviderFetch } from './provider-fetch.ts';

export type AiConfig = Config['ai'];

/** The one place that knows which provider is configured; everything else speaks the AI SDK's LanguageModel. */
export function createLanguageModel(ai: AiConfig): LanguageModel {
  // Not the global fetch: see provider-fetch.ts (each reply's stream graph would outlive the reply).
  const fetch = ai.provider === 'demo' ? undefined : createProviderFetch();
  switch (ai.provider) {
    case 'openai': {
      const openai = createOpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch });
      // A custom base URL is usually a proxy or gateway, and those speak Chat Completions; OpenAI itself gets the Responses API.
      return ai.baseUrl ? openai.chat(ai.model) : openai(ai.model);
    }
    case 'anthropic':
      return createAnthropic({ apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch })(ai.model);
    case 'openai-compatible':
      // Structured outputs (a document's analysis) as a named JSON schema: Ollama, vLLM, LM Studio and llama.cpp read `json_schema` (decision 053).
      return createOpenAICompatible({ name: 'openai-compatible', baseURL: ai.baseUrl!, apiKey: ai.apiKey, includeUsage: true, supportsStructuredOutputs: true, fetch }).chatModel(ai.model);
    case 'demo':
      return new DemoLanguageModel({ modelId: ai.model, wordDelayMs: ai.demoWordDelayMs });
  }
}

