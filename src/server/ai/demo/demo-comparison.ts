import { titleOf } from '../prompts/second-opinion.ts';
import { withoutDemoMarker } from '#contract/demo-marker.ts';

/** The second step of a second opinion, offline (decision 078): the demo compares the two answers it is given. */
export type DemoComparisonRequest = {
  task: 'compare';
  executiveRole: string;
  firstExecutiveRole: string | null;
};

const STOP = new Set(
  'about above after again against because before being below between both could during each further having here itself just more most other over same should some such than that their them then there these they this those through under until very what when where which while whom would your yours with from into only also will have been were does doing'.split(
    ' ',
  ),
);

/** The answer's lead: its first sentence that is not a quote, a heading or a table. */
function leadOf(answer: string): string {
  const line =
    answer
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('>') && !l.startsWith('#') && !l.startsWith('|')) ?? '';
  const sentence = line.replace(/^[-*\d.)\s]+/, '').replace(/\*\*/g, '').split(/(?<=[.!?])\s/)[0] ?? '';
  const lead = sentence.replace(/[.;:]+$/, '');
  return lead.length > 160 ? `${lead.slice(0, 159)}…` : lead;
}

function termsOf(answer: string): Set<string> {
  return new Set((answer.toLowerCase().match(/[a-z][a-z-]{5,}/g) ?? []).filter((word) => !STOP.has(word)));
}

/** Where two answers share terms, and how their leads differ: read from the answers, not made up. */
export function composeDemoComparison(request: DemoComparisonRequest, given: { firstAnswer: string; ownAnswer: string }): string {
  // The demo line on both answers is not what they say.
  const answers = { firstAnswer: withoutDemoMarker(given.firstAnswer), ownAnswer: withoutDemoMarker(given.ownAnswer) };
  const first = titleOf(request.firstExecutiveRole);
  const firstTerms = termsOf(answers.firstAnswer);
  const ownTerms = termsOf(answers.ownAnswer);
  const shared = [...ownTerms].filter((term) => firstTerms.has(term)).slice(0, 4);
  const onlyMine = [...ownTerms].filter((term) => !firstTerms.has(term)).slice(0, 3);
  const firstLead = leadOf(answers.firstAnswer);
  const ownLead = leadOf(answers.ownAnswer);
  return [
    shared.length > 0
      ? `- **Where we agree:** both answers turn on ${shared.join(', ')}.`
      : `- **Where we agree:** little: the ${first}'s answer and mine look at the question from different sides.`,
    `- **Where we differ:** the ${first} leads with "${firstLead || 'no clear recommendation'}"; I lead with "${ownLead || 'no clear recommendation'}".${onlyMine.length > 0 ? ` I weigh ${onlyMine.join(', ')}, which the ${first} does not raise.` : ''}`,
    `- **What it means for you:** where the two leads differ, the deciding question is which risk you can carry; test each against your own figures before you choose.`,
  ].join('\n');
}
