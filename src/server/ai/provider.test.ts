import { describe, expect, it } from 'vitest';
import { configFrom } from '#server/config.ts';
import { createLanguageModel } from './provider.ts';

const modelOf = (vars: Record<string, string>) => {
  const model = createLanguageModel(configFrom(vars).ai);
  if (typeof model === 'string') throw new Error('expected a model object');
  return model;
};

describe('createLanguageModel', () => {
  it('builds the configured provider with its model id', () => {
    // The demo model implements the same model specification as the real providers, so it goes through the same code in the AI SDK.
    expect(modelOf({ AI_PROVIDER: 'demo' })).toMatchObject({ provider: 'demo', modelId: 'demo', specificationVersion: 'v4' });
    expect(modelOf({ OPENAI_API_KEY: 'sk-test' })).toMatchObject({ provider: 'openai.responses', modelId: 'gpt-4o-mini', specificationVersion: 'v4' });
    expect(modelOf({ OPENAI_API_KEY: 'sk-test', AI_BASE_URL: 'http://127.0.0.1:4000/v1' })).toMatchObject({ provider: 'openai.chat' });
    expect(modelOf({ ANTHROPIC_API_KEY: 'sk-ant', AI_MODEL: 'claude-x' })).toMatchObject({ provider: 'anthropic.messages', modelId: 'claude-x' });
    expect(modelOf({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3' })).toMatchObject({ provider: 'openai-compatible.chat', modelId: 'llama3' });
  });
});
