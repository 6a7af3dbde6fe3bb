import { describe, expect, it } from 'vitest';
import { answerLabel, caveatRules, chairAdviceRules, formRules, labelOtherAnswers, userInterestRule } from './advice.ts';
import { secondOpinionHistory, secondOpinionNote, titleOf } from './second-opinion.ts';

describe('how to advise (issue 31, point 1)', () => {
  it('works for the user whatever the role, and a counterparty role says how its side sees it', () => {
    expect(userInterestRule('CTO')).toBe('You work for the user: advise in their interest, not in the interest of a counterparty, an investor, a vendor or your own function.');
    expect(userInterestRule('Private Equity Partner')).toContain('how that side will see the user');
    // Unknown strings are never echoed, prototype keys included.
    expect(userInterestRule('constructor')).toBe(userInterestRule('CTO'));
  });

  it('puts the short answer first and sizes it by the reader', () => {
    expect(formRules('CEO')[1]).toContain('under about 200 words');
    expect(formRules('')[1]).toContain('under about 300 words');
    expect(chairAdviceRules('CEO').join(' ')).toContain('under about 250 words');
  });

  it('adds a caveat only for the topic and never sends a professional to their own profession', () => {
    expect(caveatRules(null, 'CEO')).toHaveLength(1);
    expect(caveatRules('legal', 'CEO')[1]).toContain('a licensed attorney should review it');
    expect(caveatRules('legal', 'VP Legal')[1]).toContain('do not tell them to consult a licensed attorney');
    expect(caveatRules('financial', 'Private Equity Partner')[1]).toContain('speak to them as a peer');
    expect(answerLabel('Chief Financial Officer')).toBe('[Answer from the Chief Financial Officer]');
  });
});

describe('a second opinion’s history (issue 31, point 3)', () => {
  const m = (id: string, role: 'user' | 'assistant' | 'system', content: string, executiveRole: string | null = 'CFO') => ({ id, role, content, executiveRole });
  it('leaves out the answer it seconds and its first asking, and puts the note before the question; the prompt labels the others', () => {
    const newestFirst = [m('q3', 'user', 'Open a store?'), m('a2', 'assistant', 'Ten-year lease at most.'), m('q2', 'user', 'The lease?'), m('a1', 'assistant', 'FIRST'), m('q1', 'user', 'Open a store?'), m('a0', 'assistant', 'Hello.', 'CEO'), m('q0', 'user', 'Hi')];
    const history = secondOpinionHistory(newestFirst, { firstAnswerId: 'a1', executiveRole: 'CMO' });
    expect(history.map((x) => [x.role, x.content])).toEqual([
      ['user', 'Open a store?'],
      ['system', secondOpinionNote({ firstExecutiveRole: 'CFO', executiveRole: 'CMO' })],
      ['assistant', 'Ten-year lease at most.'],
      ['user', 'The lease?'],
      ['assistant', 'Hello.'],
      ['user', 'Hi'],
    ]);
    const labelled = labelOtherAnswers(history, 'CMO', titleOf);
    expect(labelled.filter((x) => x.role === 'assistant').map((x) => x.content)).toEqual(['[Answer from the Chief Financial Officer]\nTen-year lease at most.', '[Answer from the Chief Executive Officer]\nHello.']);
    expect(labelOtherAnswers([m('a', 'assistant', 'Mine.', 'CMO')], 'CMO', titleOf)[0]!.content).toBe('Mine.');
    expect(secondOpinionNote({ firstExecutiveRole: 'CFO', executiveRole: 'CMO' })).toContain('You have not seen that answer, on purpose');
  });
});
