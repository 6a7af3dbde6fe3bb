import { describe, expect, it } from 'vitest';
import { composeDemoReply } from '#server/ai/demo/demo-reply.ts';
import { decisionTextFromReply } from './decisions-text.ts';

const demo = (executiveRole: string, industry: string, question: string) => composeDemoReply({ executiveRole, industry, userRole: 'CEO', question });

describe('decisionTextFromReply (issue 29, point 7): the reply’s recommendation, not one of its steps', () => {
  it('takes the demo advisor’s own call, not the step that says "Decide with one owner"', () => {
    const text = decisionTextFromReply(demo('CFO', 'Retail', 'Should we open a second store next year?'));
    expect(text).toBe('I would make profitable growth and the quality of margins the deciding test, and commit only once the measures below are in place.');
    expect(text).not.toMatch(/Pressure-test/);
  });

  it('takes the lean of a comparison', () => {
    expect(decisionTextFromReply(demo('CEO', 'Technology', 'Do we take the acquisition offer or keep building?'))).toBe(
      'The option that does most for long-term enterprise value over quarterly optics.',
    );
  });

  it('takes the sentence under a Recommendation heading', () => {
    const reply = [
      '## Where we stand',
      'Cash covers nine months. Demand in Leeds is proven by the pop-up.',
      '',
      '## Steps',
      '1. Pressure-test the lease with a break clause.',
      '2. Decide with one owner and a date.',
      '',
      '## My recommendation',
      'Open the Leeds store in March with a six-month lease break. Revisit in September.',
    ].join('\n');
    expect(decisionTextFromReply(reply)).toBe('Open the Leeds store in March with a six-month lease break.');
    expect(decisionTextFromReply(reply.replace('## My recommendation', '### Bottom line'))).toBe('Open the Leeds store in March with a six-month lease break.');
    expect(decisionTextFromReply(reply.replace('## My recommendation', '**Recommendation**'))).not.toMatch(/^Pressure/);
  });

  it('takes a labelled recommendation, bold or not, wherever it stands', () => {
    const reply = ['Cash is the constraint, not demand.', '', '**My recommendation:** open the Leeds store in March, with a six-month lease break.', '', '- Hire the store manager first'].join('\n');
    expect(decisionTextFromReply(reply)).toBe('Open the Leeds store in March, with a six-month lease break.');
    expect(decisionTextFromReply('Numbers first.\n\nBottom line: wait until Q3 to hire. Then revisit.')).toBe('Wait until Q3 to hire.');
    expect(decisionTextFromReply('1. Audit the funnel.\n2. Cut paid search.\n\n**Recommendation**: shift 20% of spend to referrals.')).toBe('Shift 20% of spend to referrals.');
  });

  it('takes the first sentence that recommends, outside the steps', () => {
    const reply = ['Good question.', '', '1. Decide who owns pricing.', '2. Test a 4% rise.', '', 'Overall, I would raise prices by 4% in Q3 for new customers only. Existing ones keep theirs.'].join('\n');
    expect(decisionTextFromReply(reply)).toBe('Overall, I would raise prices by 4% in Q3 for new customers only.');
  });

  it('falls back to the first sentence of the first paragraph, and never a table or code', () => {
    expect(decisionTextFromReply('| a | b |\n| --- | --- |\n| 1 | 2 |\n\nTell the board before the lease is signed. Send them the cash plan.')).toBe('Tell the board before the lease is signed.');
    expect(decisionTextFromReply('')).toBe('');
  });

  it('cuts a long recommendation to fit', () => {
    const text = decisionTextFromReply(`## Recommendation\n${'Expand '.repeat(120)}now.`);
    expect(text.length).toBeLessThanOrEqual(500);
    expect(text.endsWith('…')).toBe(true);
  });
});
