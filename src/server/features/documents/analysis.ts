import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { DocumentAnalysis } from '#contract/documents.ts';
import { buildSystemPrompt } from '#server/ai/personas/compose.ts';
import { composeDemoAnalysis } from '#server/ai/demo/demo-analysis.ts';
import type { Config } from '#server/config.ts';
import { joinSections } from './chunks.ts';

export interface AnalysisInput {
  executiveRole: string;
  industry: string;
  documentName: string;
  sections: { label: string; text: string }[];
  notes: string[];
}

const analysisOutput = z.object({
  executiveSummary: z.string(),
  keyPoints: z.array(z.string()),
  risks: z.array(z.string()),
  questions: z.array(z.string()),
});

/** Characters per token, roughly, for English prose: enough to decide between one call and map-reduce. */
const CHARS_PER_TOKEN = 4;

/**
 * The persona's analysis of a document. The demo provider composes it offline; a real model reads
 * the whole text when it fits the context budget, otherwise map-reduce: each part summarised
 * (map), then the analysis written from those notes (reduce), so nothing is cut off.
 */
export async function analyseDocument(
  deps: { model: LanguageModel; config: Pick<Config, 'ai' | 'appName'> },
  input: AnalysisInput,
  signal?: AbortSignal,
): Promise<DocumentAnalysis> {
  const persona = { executiveRole: input.executiveRole, industry: input.industry };
  if (deps.config.ai.provider === 'demo') return { ...persona, ...composeDemoAnalysis(input) };
  const limitations = [...input.notes];
  if (input.sections.length === 0) {
    return {
      ...persona,
      executiveSummary: `I could not read any text in "${input.documentName}", so I cannot analyse it. ${input.notes[0] ?? ''}`.trim(),
      keyPoints: [],
      risks: [],
      questions: ['Can you share the document as text, a PDF with selectable text, or a spreadsheet?'],
      limitations,
    };
  }
  const system = buildSystemPrompt({ ...persona, userRole: 'Research Analyst', appName: deps.config.appName });
  const budgetChars = Math.max(4000, (deps.config.ai.contextTokens - 3000) * CHARS_PER_TOKEN);
  let material = joinSections(input.sections);
  if (material.length > budgetChars) {
    const notes: string[] = [];
    let part = '';
    const flush = async () => {
      if (!part) return;
      const { text } = await generateText({
        model: deps.model,
        system,
        prompt: `Summarise this part of "${input.documentName}" in at most 12 bullet points, keeping every figure, date, obligation and risk, and the section labels:\n\n${part}`,
        abortSignal: signal,
        maxOutputTokens: 800,
      });
      notes.push(text);
      part = '';
    };
    for (const section of input.sections) {
      const block = `## ${section.label}\n${section.text}\n\n`;
      if (part.length + block.length > budgetChars) await flush();
      part += block.slice(0, budgetChars);
    }
    await flush();
    material = notes.map((note, i) => `### Notes on part ${i + 1} of ${notes.length}\n${note}`).join('\n\n');
    limitations.push(`The document is long, so it was read in ${notes.length} parts and analysed from notes on each part.`);
  }
  const { output } = await generateText({
    model: deps.model,
    system,
    output: Output.object({ schema: analysisOutput }),
    prompt: `Analyse the document "${input.documentName}" for me, in your voice as my ${input.executiveRole} in ${input.industry}: an executive summary (one paragraph), the key points (up to 6, with their figures and where they are), the risks (up to 5) and the questions you would ask me (up to 4).${input.notes.length ? ` Say plainly what could not be read: ${input.notes.join(' ')}` : ''}\n\n${material}`,
    abortSignal: signal,
    maxOutputTokens: deps.config.ai.maxOutputTokens,
  });
  return { ...persona, ...output, limitations };
}
