import { describe, expect, it } from 'vitest';
import { configFrom } from '#server/config.ts';
import { contextBudgetFor } from './context-budget.ts';

describe('the prompt budget by provider and model (decision 083)', () => {
  it('fits current models: 128k-window OpenAI models, Claude, a local model, the demo', () => {
    expect(contextBudgetFor('openai', 'gpt-4o-mini')).toBe(24_000);
    expect(contextBudgetFor('openai', 'gpt-4o')).toBe(24_000);
    expect(contextBudgetFor('openai', 'o3-mini')).toBe(24_000);
    expect(contextBudgetFor('openai', 'gpt-4.1-mini')).toBe(32_000);
    expect(contextBudgetFor('openai', 'gpt-3.5-turbo')).toBe(8_000);
    expect(contextBudgetFor('openai', 'some-future-model')).toBe(16_000);
    expect(contextBudgetFor('anthropic', 'claude-sonnet-4-5')).toBe(32_000);
    expect(contextBudgetFor('openai-compatible', 'llama3.1:8b')).toBe(8_000);
    // A model id with a vendor prefix (OpenRouter, LiteLLM) is read by its name.
    expect(contextBudgetFor('openai-compatible', 'anthropic/claude-3-5-haiku')).toBe(8_000);
    expect(contextBudgetFor('demo', 'demo')).toBe(6_000);
  });

  it('is the config’s default, and AI_CONTEXT_TOKENS still overrides it', () => {
    expect(configFrom({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4o' }).ai.contextTokens).toBe(24_000);
    expect(configFrom({ AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'k' }).ai.contextTokens).toBe(32_000);
    expect(configFrom({ AI_PROVIDER: 'demo' }).ai.contextTokens).toBe(6_000);
    expect(configFrom({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4o', AI_CONTEXT_TOKENS: '9000' }).ai.contextTokens).toBe(9_000);
    expect(configFrom({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4o', AI_CONTEXT_TOKENS: '9000' }).ai.contextTokensSet).toBe(true);
  });
});
