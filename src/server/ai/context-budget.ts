/**
 * How many tokens of prompt a reply may send (persona, context, note and the conversation), by
 * provider and model (issue 31, point 5; decision 083). The budget is a share of the model's window,
 * not all of it: the reply needs room too, and a long prompt is slow and dilutes what matters. The
 * turns that do not fit are not dropped silently: the conversation's note holds their facts.
 * AI_CONTEXT_TOKENS overrides the table.
 */

export interface ContextBudgetRule {
  /** Matched against the model id, lowercased (first match wins). */
  model: RegExp;
  tokens: number;
  /** What the model's window is, for the reader of the table. */
  why: string;
}

/** Cloud models by family; the first rule that matches the model id wins. */
export const CONTEXT_BUDGETS: Record<'openai' | 'anthropic' | 'openai-compatible', readonly ContextBudgetRule[]> = {
  openai: [
    { model: /^gpt-4\.1/, tokens: 32_000, why: '1M-token window' },
    { model: /^(gpt-4o|gpt-5|o1|o3|o4)/, tokens: 24_000, why: '128k+ window' },
    { model: /^gpt-4-turbo/, tokens: 24_000, why: '128k window' },
    { model: /^gpt-3\.5/, tokens: 8_000, why: '16k window' },
  ],
  anthropic: [{ model: /^claude/, tokens: 32_000, why: '200k window' }],
  // A local server (Ollama, llama.cpp) runs small windows by default (Ollama: 2k-8k unless num_ctx is raised).
  'openai-compatible': [],
};

/** When no rule matches: a cloud model of a known provider, a local model, the offline demo. */
export const DEFAULT_CONTEXT_BUDGETS = { openai: 16_000, anthropic: 32_000, 'openai-compatible': 8_000, demo: 6_000 } as const;

export type BudgetProvider = keyof typeof DEFAULT_CONTEXT_BUDGETS;

/** The prompt budget for a provider and model; `override` (AI_CONTEXT_TOKENS) wins when set. */
export function contextBudgetFor(provider: BudgetProvider, model: string, override?: number): number {
  if (override !== undefined) return override;
  if (provider === 'demo') return DEFAULT_CONTEXT_BUDGETS.demo;
  const id = model.toLowerCase().replace(/^.*\//, '');
  return CONTEXT_BUDGETS[provider].find((rule) => rule.model.test(id))?.tokens ?? DEFAULT_CONTEXT_BUDGETS[provider];
}
