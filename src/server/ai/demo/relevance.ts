import type { IndustryContext, IndustryMetric } from '../personas/industries.ts';

/**
 * What of an industry's data fits the question (issue 31, point 6): the demo picks metrics and
 * rules from the chosen industry only, and within it leaves out what belongs to another part of it
 * (a solar project is not measured per barrel) or to another topic (a layoff is a WARN Act question,
 * not a consumer-protection one).
 */

/** Questions about headcount cuts: employment law governs them in every industry. */
const LAYOFF = /\b(?:lay ?offs?|laid off|laying off|lay off|redundanc(?:y|ies)|reductions? in force|rif|headcount cuts?|cut (?:\d+%? (?:of )?)?(?:staff|jobs|headcount|employees)|job cuts?|downsiz\w*|workforce reduction)\b/i;
export const LAYOFF_RULES = ["the WARN Act (60 days' notice before a mass layoff or plant closing) and any state mini-WARN law", 'anti-discrimination law on who is selected (a disparate-impact review of the list)'];

/** Power generation from renewables or storage: the upstream oil-and-gas metrics do not apply. */
const POWER = /\b(?:solar|wind|photovoltaic|pv|renewables?|battery|batteries|storage|megawatts?|\d+\s?(?:mw|gw|mwh))\b/i;
const UPSTREAM_METRIC = /barrel|reserve replacement/i;
const POWER_METRIC_FIX: Record<string, IndustryMetric> = {
  'Production cost per barrel or MWh': { name: 'Production cost per MWh', why: 'Margin cushion when power prices fall' },
};

export function isLayoffQuestion(question: string): boolean {
  return LAYOFF.test(question);
}

/** The industry's metrics that fit the question: a power question loses the oil-and-gas ones. */
export function relevantMetrics(industry: IndustryContext, question: string): IndustryMetric[] {
  if (!POWER.test(question)) return [...industry.keyMetrics];
  return industry.keyMetrics.map((metric) => POWER_METRIC_FIX[metric.name] ?? metric).filter((metric) => !UPSTREAM_METRIC.test(metric.name));
}

/** The rules that fit the question: employment law for a layoff, the industry's own otherwise. */
export function relevantRegulation(industry: IndustryContext, question: string): string[] {
  return isLayoffQuestion(question) ? [...LAYOFF_RULES] : [...industry.regulation];
}
