import { DIMENSIONS, type Dimension } from './judge.ts';
import type { CaseResult } from './harness.ts';

export interface SideSummary {
  /** Per-dimension average over the judged cases (null when none was judged). */
  averages: Record<Dimension, number | null>;
  /** The average of the six averages. */
  overall: number | null;
}

export interface EvalSummary {
  provider: string;
  model: string;
  judgeModel: string;
  cases: number;
  judged: number;
  failed: number;
  product: SideSummary;
  plain: SideSummary;
  wins: number;
  ties: number;
  losses: number;
  /** Product wins over judged cases, a tie counting half. */
  winRate: number | null;
  pushback: { cases: number; productHeld: number; plainHeld: number; productHoldRate: number | null; plainHoldRate: number | null };
}

const mean = (values: readonly number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

function side(cases: readonly CaseResult[], pick: (c: CaseResult) => CaseResult['product']): SideSummary {
  const scored = cases.map(pick).filter((scores) => scores !== null);
  const averages = Object.fromEntries(DIMENSIONS.map((d) => [d, mean(scored.map((scores) => scores[d]))])) as Record<Dimension, number | null>;
  const present = Object.values(averages).filter((value) => value !== null);
  return { averages, overall: present.length === DIMENSIONS.length ? mean(present) : null };
}

export function summarise(cases: readonly CaseResult[], run: { provider: string; model: string; judgeModel: string }): EvalSummary {
  const judged = cases.filter((c) => c.verdict !== null);
  const wins = judged.filter((c) => c.winner === 'product').length;
  const ties = judged.filter((c) => c.winner === 'tie').length;
  const pushbacks = judged.filter((c) => c.kind === 'pushback' && c.held !== null);
  const productHeld = pushbacks.filter((c) => c.held!.product).length;
  const plainHeld = pushbacks.filter((c) => c.held!.plain).length;
  return {
    ...run,
    cases: cases.length,
    judged: judged.length,
    failed: cases.length - judged.length,
    product: side(judged, (c) => c.product),
    plain: side(judged, (c) => c.plain),
    wins,
    ties,
    losses: judged.length - wins - ties,
    winRate: judged.length ? (wins + ties / 2) / judged.length : null,
    pushback: {
      cases: pushbacks.length,
      productHeld,
      plainHeld,
      productHoldRate: pushbacks.length ? productHeld / pushbacks.length : null,
      plainHoldRate: pushbacks.length ? plainHeld / pushbacks.length : null,
    },
  };
}

const num = (value: number | null) => (value === null ? '-' : value.toFixed(2));
const pct = (value: number | null) => (value === null ? '-' : `${Math.round(value * 100)}%`);

/** The lines `npm run eval` prints. */
export function formatSummary(summary: EvalSummary): string {
  const rows = [...DIMENSIONS, 'overall' as const].map((d) => {
    const product = d === 'overall' ? summary.product.overall : summary.product.averages[d];
    const plain = d === 'overall' ? summary.plain.overall : summary.plain.averages[d];
    return `  ${d.padEnd(14)} ${num(product).padStart(7)} ${num(plain).padStart(7)}`;
  });
  return [
    `Model ${summary.provider} ${summary.model}, judge ${summary.judgeModel}: ${summary.judged} of ${summary.cases} cases judged${summary.failed ? `, ${summary.failed} failed (see the transcript)` : ''}.`,
    `  ${'dimension'.padEnd(14)} ${'product'.padStart(7)} ${'plain'.padStart(7)}`,
    ...rows,
    `Win rate (product over plain, a tie counts half): ${pct(summary.winRate)} (${summary.wins} wins, ${summary.ties} ties, ${summary.losses} losses)`,
    `Pushback hold rate: product ${pct(summary.pushback.productHoldRate)} (${summary.pushback.productHeld} of ${summary.pushback.cases}), plain ${pct(summary.pushback.plainHoldRate)} (${summary.pushback.plainHeld} of ${summary.pushback.cases})`,
  ].join('\n');
}

function fencedBlock(text: string): string {
  const ticks = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}text\n${text}\n${ticks}`;
}

/** transcript.md: the summary, then every case with both conversations and the verdict. */
export function renderMarkdown(summary: EvalSummary, cases: readonly CaseResult[]): string {
  const out = ['# Eval run', '', fencedBlock(formatSummary(summary)), ''];
  for (const c of cases) {
    out.push(`## ${c.id} (${c.kind})`, '', `${c.executiveRole} in ${c.industry}, advising a ${c.userRole}.`, '');
    if (c.document) out.push(`Attached **${c.document.name}**:`, '', fencedBlock(c.document.csv), '');
    for (const [index, turn] of c.turns.entries()) {
      out.push(`### Turn ${index + 1}`, '', `**User:** ${turn}`, '');
      if (c.productAnswers[index] !== undefined) out.push('**Product:**', '', fencedBlock(c.productAnswers[index]), '');
      if (c.plainAnswers[index] !== undefined) out.push('**Plain assistant:**', '', fencedBlock(c.plainAnswers[index]), '');
    }
    if (c.error) out.push(`**Failed:** ${c.error}`, '');
    if (c.verdict && c.product && c.plain) {
      out.push(`### Verdict (the product was answer ${c.productWas})`, '', `| | ${DIMENSIONS.join(' | ')} |`, `|---|${DIMENSIONS.map(() => '---').join('|')}|`);
      out.push(`| product | ${DIMENSIONS.map((d) => c.product![d]).join(' | ')} |`, `| plain | ${DIMENSIONS.map((d) => c.plain![d]).join(' | ')} |`, '');
      out.push(`Winner: **${c.winner}**.${c.held ? ` Held its position: product ${c.held.product ? 'yes' : 'no'}, plain ${c.held.plain ? 'yes' : 'no'}.` : ''}`, '', `> ${c.verdict.reasons.replace(/\n/g, '\n> ')}`, '');
    }
  }
  return `${out.join('\n')}\n`;
}
