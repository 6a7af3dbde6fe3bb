import type { FencedBlock } from '../fence.ts';

/**
 * The company memory as the demo advisor reads it back from its prompt's memory fence
 * (features/memory/memory-prompt.ts writes it): so the offline demo visibly uses a profile figure
 * and the saved facts, with their dates, as the rules ask a real model to (decision 073).
 */
export interface DemoMemory {
  /** "14 months of runway (as of March 3, 2026)", or cash, or the company's name. */
  figure: string | null;
  facts: Array<{ text: string; date: string; needsReview: boolean }>;
}

const PROFILE_LINE = /^- ([^:]+): (.+) \((?:needs review: )?as of ([^,)]+, \d{4})(?:, older than \d+ months)?\)$/;
const FACT_LINE = /^- (\[needs review\] )?(.+) \(stated ([^,)]+, \d{4})(?:, older than \d+ months)?\)$/;

export function readDemoMemory(blocks: readonly FencedBlock[]): DemoMemory | null {
  const block = blocks.find((b) => b.kind === 'memory');
  if (!block) return null;
  const profile = new Map<string, { value: string; date: string }>();
  const facts: DemoMemory['facts'] = [];
  let inFacts = false;
  for (const line of block.content.split('\n')) {
    if (line.startsWith('Facts ')) inFacts = true;
    if (!line.startsWith('- ')) continue;
    if (inFacts) {
      const match = FACT_LINE.exec(line);
      if (match) facts.push({ text: match[2]!, date: match[3]!, needsReview: Boolean(match[1]) });
    } else {
      const match = PROFILE_LINE.exec(line);
      if (match) profile.set(match[1]!.replace(/ \(.*\)$/, ''), { value: match[2]!, date: match[3]! });
    }
  }
  const runway = profile.get('Runway');
  const cash = profile.get('Cash in the bank');
  const name = profile.get('Company name');
  const figure = runway ? `${runway.value} of runway (as of ${runway.date})` : cash ? `${cash.value} of cash (as of ${cash.date})` : name ? `${name.value} (as of ${name.date})` : null;
  return figure || facts.length ? { figure, facts } : null;
}

/** The demo reply's lines about the memory it used: the figure with its date, then up to two facts. */
export function demoMemoryLines(memory: DemoMemory): string[] {
  const lines: string[] = [];
  if (memory.figure) lines.push(`**From your company profile:** With your ${memory.figure}, I have weighed this against what you can afford.`);
  const usable = memory.facts.filter((fact) => !fact.needsReview).slice(0, 2);
  for (const fact of usable) lines.push(`- You told me: "${fact.text}" (${fact.date}).`);
  const review = memory.facts.find((fact) => fact.needsReview);
  if (review) lines.push(`- You told me "${review.text}" on ${review.date}; that is a while ago: is it still true?`);
  return lines.length ? [...lines, ''] : [];
}
