import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolLabel, type ToolActivity } from '#contract/tools.ts';
import { toolsUnsupported } from '../provider-errors.ts';
import { settleToolActivity, trackToolActivity } from './activity.ts';

describe('toolLabel', () => {
  it('says what the tool is doing, in the user’s words', () => {
    expect(toolLabel('calculate', { operation: 'runway' })).toBe('Calculating runway…');
    expect(toolLabel('calculate', { operation: 'expression', label: 'Monthly gross margin' })).toBe('Calculating monthly gross margin…');
    expect(toolLabel('calculate', { operation: 'scenarios' })).toBe('Projecting scenarios…');
    expect(toolLabel('web_search', { query: 'EU AI Act fines' })).toBe('Searching the web for “EU AI Act fines”…');
    expect(toolLabel('calculate', 'not an object')).toBe('Calculating…');
  });
});

describe('trackToolActivity', () => {
  it('follows each call from running to done or error, and reports the whole list each time', () => {
    const seen: ToolActivity[][] = [];
    const tracker = trackToolActivity((tools) => seen.push(tools));
    tracker.apply({ type: 'tool-call', callId: 'a', name: 'calculate', input: { operation: 'cagr' } });
    tracker.apply({ type: 'tool-call', callId: 'b', name: 'calculate', input: { operation: 'irr' } });
    tracker.apply({
      type: 'tool-result',
      callId: 'a',
      name: 'calculate',
      output: { operation: 'cagr', title: 'CAGR', inputs: [], results: [{ label: 'CAGR', value: 20.5, unit: 'percent' }] },
    });
    tracker.apply({ type: 'tool-error', callId: 'b', name: 'calculate', error: 'IRR does not converge' });
    expect(seen).toHaveLength(4);
    expect(seen[0]).toEqual([{ callId: 'a', name: 'calculate', label: 'Calculating CAGR…', status: 'running' }]);
    expect(seen[3]!.map((tool) => [tool.callId, tool.status])).toEqual([
      ['a', 'done'],
      ['b', 'error'],
    ]);
    expect(seen[3]![0]!.calculation!.results[0]!.value).toBe(20.5);
    expect(seen[3]![1]!.error).toBe('IRR does not converge');
  });

  it('marks calls still running when the reply ends as not finished', () => {
    const tracker = trackToolActivity(() => {});
    tracker.apply({ type: 'tool-call', callId: 'a', name: 'calculate', input: {} });
    expect(settleToolActivity(tracker.tools)).toEqual([expect.objectContaining({ status: 'error', error: 'Stopped before it finished' })]);
  });
});

describe('toolsUnsupported', () => {
  const error = (statusCode: number, message: string) => new APICallError({ message, url: 'http://x', requestBodyValues: {}, statusCode, isRetryable: false });
  it('recognises the servers’ own refusals of tools', () => {
    expect(toolsUnsupported(error(400, 'registry.ollama.ai/library/gemma:2b does not support tools'))).toBe(true);
    expect(toolsUnsupported(error(400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'))).toBe(true);
    expect(toolsUnsupported(error(500, 'tools param requires --jinja flag'))).toBe(true);
  });
  it('leaves every other failure alone', () => {
    expect(toolsUnsupported(error(401, 'invalid api key for tools'))).toBe(false);
    expect(toolsUnsupported(error(429, 'rate limited'))).toBe(false);
    expect(toolsUnsupported(error(400, 'maximum context length exceeded'))).toBe(false);
    expect(toolsUnsupported(new Error('does not support tools'))).toBe(false);
  });
});
