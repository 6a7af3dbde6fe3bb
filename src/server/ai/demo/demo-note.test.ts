import { describe, expect, it } from 'vitest';
import { composeDemoNote } from './demo-note.ts';

describe('the demo advisor’s conversation note (decision 083)', () => {
  it('keeps the figures, facts and decisions the user stated, in their words, and no questions', () => {
    const lines = composeDemoNote({
      previous: '- We run 40 stores in Ohio.',
      userTurns: ['Our cash is $4.2M and net burn is $350k a month. How long is our runway?', 'Thanks. We decided to delay the Series B to Q3. What now?', 'Gross margin fell to 38% last quarter.'],
    });
    expect(lines).toEqual(['We run 40 stores in Ohio.', 'Our cash is $4.2M and net burn is $350k a month.', 'We decided to delay the Series B to Q3.', 'Gross margin fell to 38% last quarter.']);
  });
});
