import { describe, expect, it } from 'vitest';
import { executiveRoles, industries } from '#contract/roles.ts';
import { buildSystemPrompt, buildTitlePrompt, personaSummary } from './compose.ts';
import { composeDemoReply } from '../demo/demo-reply.ts';
import { industryContexts } from './industries.ts';
import { rolePersonas } from './roles.ts';
import { userRoleProfiles } from './user-roles.ts';
import { CHALLENGE_RULES, LABELLED_ANSWERS_RULE, lengthBudget } from '../prompts/advice.ts';

const PLACEHOLDER = /\b(todo|tbd|lorem|ipsum|placeholder|xxx)\b/i;
const APP = 'Corner Office';

function prompt(executiveRole: string, industry = 'Technology', userRole = 'Research Analyst'): string {
  return buildSystemPrompt({ executiveRole, industry, userRole, appName: APP });
}

function expectFilled(items: readonly string[], min: number, max: number): void {
  expect(items.length).toBeGreaterThanOrEqual(min);
  expect(items.length).toBeLessThanOrEqual(max);
  for (const item of items) {
    expect(item.trim().length).toBeGreaterThan(3);
    expect(item).not.toMatch(PLACEHOLDER);
  }
  expect(new Set(items).size).toBe(items.length);
}


describe('persona data', () => {
  it('covers exactly the 18 roles, each complete', () => {
    expect(Object.keys(rolePersonas).sort()).toEqual([...executiveRoles].sort());
    for (const role of executiveRoles) {
      const p = rolePersonas[role];
      expect(p.title.length).toBeGreaterThan(0);
      expectFilled(p.expertise, 4, 6);
      expectFilled(p.priorities, 3, 5);
      expectFilled(
        p.decisionFrameworks.map((f) => f.name),
        3,
        4,
      );
      expectFilled(
        p.decisionFrameworks.map((f) => f.howApplied),
        3,
        4,
      );
      expectFilled(p.questionsBack, 4, 5);
      for (const q of p.questionsBack) expect(q.endsWith('?')).toBe(true);
      expect(p.communicationStyle.split('.').filter((s) => s.trim()).length).toBeGreaterThanOrEqual(2);
      expect(p.communicationStyle).not.toMatch(PLACEHOLDER);
      expect([null, 'legal', 'financial', 'medical']).toContain(p.adviceCaveat);
    }
  });

  it('writes each framework use as a verb phrase, because the demo reply reads it after "which"', () => {
    for (const role of executiveRoles) {
      for (const f of rolePersonas[role].decisionFrameworks) expect(f.howApplied, `${role}: ${f.name}`).toMatch(/^[a-z-]+s\b/);
    }
  });

  it('marks legal and money-heavy roles with an advice caveat', () => {
    expect(rolePersonas['VP Legal'].adviceCaveat).toBe('legal');
    expect(rolePersonas.CFO.adviceCaveat).toBe('financial');
    expect(rolePersonas['Private Equity Partner'].adviceCaveat).toBe('financial');
    expect(rolePersonas.CTO.adviceCaveat).toBeNull();
  });

  it('covers exactly the 12 industries, each complete and safe for a Markdown table', () => {
    expect(Object.keys(industryContexts).sort()).toEqual([...industries].sort());
    for (const industry of industries) {
      const c = industryContexts[industry];
      expect(c.economics.split('. ').length).toBeGreaterThanOrEqual(2);
      expectFilled(
        c.keyMetrics.map((m) => m.name),
        5,
        6,
      );
      expectFilled(
        c.keyMetrics.map((m) => m.why),
        5,
        6,
      );
      for (const m of c.keyMetrics) expect(`${m.name}${m.why}`).not.toContain('|');
      expectFilled(c.regulation, 3, 5);
      expectFilled(c.currentDynamics, 3, 4);
      expectFilled(c.typicalRisks, 3, 4);
      // Dated trends rot; the text must stay true without a year in it.
      expect([c.economics, ...c.currentDynamics].join(' ')).not.toMatch(/\b(19|20)\d\d\b/);
    }
  });

  it('has an addressing line for each of the 18 user roles', () => {
    expect(Object.keys(userRoleProfiles).sort()).toEqual([...executiveRoles].sort());
    for (const role of executiveRoles) {
      expect(userRoleProfiles[role].addressing.length).toBeGreaterThan(40);
      expect(userRoleProfiles[role].tone.length).toBeGreaterThan(5);
    }
  });
});

describe('buildSystemPrompt', () => {
  it('gives every role content that no other role’s prompt contains', () => {
    const prompts = new Map(executiveRoles.map((role) => [role, prompt(role)]));
    for (const role of executiveRoles) {
      const own = prompts.get(role) ?? '';
      expect(own).toContain(rolePersonas[role].title);
      expect(own).toContain(rolePersonas[role].communicationStyle);
      for (const f of rolePersonas[role].decisionFrameworks) {
        const line = `**${f.name}**: ${f.howApplied}.`;
        expect(own).toContain(line);
        for (const other of executiveRoles) {
          if (other !== role) expect(prompts.get(other), `${role} framework leaked into ${other}`).not.toContain(line);
        }
      }
    }
  });

  it('gives every industry content that no other industry’s prompt contains', () => {
    const prompts = new Map(industries.map((industry) => [industry, prompt('CEO', industry)]));
    for (const industry of industries) {
      const c = industryContexts[industry];
      const own = prompts.get(industry) ?? '';
      expect(own).toContain(`in the ${industry} industry`);
      expect(own).toContain(c.economics);
      for (const regulator of c.regulation) expect(own).toContain(regulator);
      for (const other of industries) {
        if (other !== industry) expect(prompts.get(other)).not.toContain(c.economics);
      }
    }
  });

  it('changes with the user’s own role', () => {
    const forCeo = prompt('CFO', 'Retail', 'CEO');
    const forManager = prompt('CFO', 'Retail', 'Manager');
    expect(forCeo).not.toBe(forManager);
    expect(forCeo).toContain(userRoleProfiles.CEO.addressing);
    expect(forManager).toContain(userRoleProfiles.Manager.addressing);
    expect(forManager).not.toContain(userRoleProfiles.CEO.addressing);
  });

  it('carries the fixed rules and the app name', () => {
    const text = prompt('COO', 'Energy', 'Director');
    expect(text).toContain(APP);
    for (const part of [
      'Stay in character as the Chief Operating Officer',
      'give a clear recommendation',
      'at most one or two of your typical questions',
      'well-formed Markdown',
      'Never claim to be human',
      'Refuse clearly illegal requests',
      'Add a disclaimer only where the topic and the reader call for it',
    ]) expect(text).toContain(part);
  });

  it('carries how to advise (issue 31, point 1): the user’s interest, challenge, risk, assumptions, arithmetic, a position that moves only for a reason', () => {
    for (const role of executiveRoles) {
      const text = prompt(role, 'Retail', 'Director');
      expect(text).toContain('## How to advise');
      expect(text).toContain('You work for the user: advise in their interest');
      for (const rule of CHALLENGE_RULES) expect(text, role).toContain(rule);
      expect(text).toContain('Lead with the answer. A yes/no or either/or question gets');
      expect(text).toContain(LABELLED_ANSWERS_RULE);
    }
    // Mandatory structure and framework name-dropping are gone.
    const text = prompt('CIO', 'Healthcare', 'CEO');
    expect(text).not.toMatch(/bring your frameworks|to every answer|short headings, bullet lists/i);
    expect(text).toContain('Use frameworks, tables and headings only where they change the answer');
  });

  it('has a counterparty persona say how its side sees it, and still advise the user', () => {
    const pe = prompt('Private Equity Partner', 'Manufacturing', 'CEO');
    expect(pe).toContain("Your role's natural side is an investor or buyer");
    expect(pe).toContain('then advise the user on what is best for them');
    expect(prompt('CTO')).not.toContain("Your role's natural side");
  });

  it('sets the length by the reader: a CEO gets the short answer, an analyst more room', () => {
    expect(prompt('CFO', 'Retail', 'CEO')).toContain('under about 200 words');
    expect(prompt('CFO', 'Retail', 'Research Analyst')).toContain('under about 450 words');
    expect(prompt('CFO', 'Retail', 'Wizard')).toContain(`under about ${lengthBudget('')} words`);
    expect(lengthBudget('CEO')).toBeLessThan(lengthBudget('Manager'));
  });

  it('adds a disclaimer by topic and reader: never sends a lawyer to a lawyer, and nothing on business judgement', () => {
    expect(prompt('VP Legal', 'Retail', 'CEO')).toContain('a licensed attorney should review it before they act');
    expect(prompt('CHRO', 'Retail', 'Manager')).toContain('a licensed attorney should review it before they act');
    const toLawyer = prompt('VP Legal', 'Retail', 'VP Legal');
    expect(toLawyer).not.toContain('a licensed attorney should review it');
    expect(toLawyer).toContain('do not tell them to consult a licensed attorney');
    expect(prompt('CFO', 'Finance', 'Manager')).toContain('a qualified financial adviser, CPA or tax professional should review it');
    expect(prompt('CFO', 'Finance', 'CFO')).toContain('do not tell them to consult a qualified financial adviser');
    const cto = prompt('CTO');
    expect(cto).not.toContain('should review it before they act');
    expect(cto).toContain('No disclaimer on strategy, operations, market sizing');
  });

  it('is Latin-1 for every role, industry and user role: one byte a character in V8, so a reply in flight holds half the memory (decision 090)', () => {
    for (const executiveRole of executiveRoles) {
      for (const industry of industries) {
        for (const userRole of [...Object.keys(userRoleProfiles), 'Owner']) {
          const text = buildSystemPrompt({ executiveRole, industry, userRole, appName: APP });
          const wide = [...text].filter((c) => c.charCodeAt(0) > 0xff);
          expect(wide, `${executiveRole} / ${industry} / ${userRole}`).toEqual([]);
        }
      }
    }
  });

  it('falls back to a generic executive and industry for unknown strings, without echoing them', () => {
    for (const [role, industry, userRole] of [
      ['Chief Vibes Officer', 'Underwater Basket Weaving', 'Wizard'],
      ['', '', ''],
      ['constructor', '__proto__', 'toString'],
      ['cfo', 'technology', 'ceo'],
    ] as const) {
      const text = buildSystemPrompt({ executiveRole: role, industry, userRole, appName: APP });
      expect(text).toContain('Senior Executive');
      expect(text).toContain('general business');
      expect(text).toContain('business professional');
      if (role) expect(text).not.toContain(role);
      if (industry) expect(text).not.toContain(industry);
      expect(() => personaSummary(role, industry)).not.toThrow();
      expect(() => composeDemoReply({ executiveRole: role, industry, userRole, question: 'Hi' })).not.toThrow();
    }
  });

  it('still works with a known role in an unknown industry', () => {
    const text = prompt('CISO', 'Space Tourism');
    expect(text).toContain('Chief Information Security Officer across industries');
    expect(text).toContain('STRIDE threat modeling');
  });
});

describe('personaSummary', () => {
  it('is one line naming the title and industry', () => {
    const line = personaSummary('Private Equity Partner', 'Retail');
    expect(line).not.toContain('\n');
    expect(line).toContain('Private Equity Partner in Retail');
    expect(line).toContain('LBO returns bridge');
    expect(personaSummary('CFO', 'Finance')).not.toBe(personaSummary('CMO', 'Finance'));
  });
});

describe('buildTitlePrompt', () => {
  it('contains the messages and asks for a short unquoted title', () => {
    const text = buildTitlePrompt([
      { role: 'user', content: 'Should we raise prices 8% on our mid-market plan?' },
      { role: 'assistant', content: 'Start with a cohort test on new customers.' },
    ]);
    for (const part of [
      'User: Should we raise prices 8% on our mid-market plan?',
      'Advisor: Start with a cohort test on new customers.',
      '3 to 7 words',
      'no quotes',
    ]) expect(text).toContain(part);
  });

  it('keeps only the opening of a long conversation', () => {
    const long = 'a'.repeat(5000);
    const messages = Array.from({ length: 20 }, (_, i) => ({ role: 'user', content: `message ${i} ${long}` }));
    const text = buildTitlePrompt(messages);
    expect(text).toContain('message 0');
    expect(text).not.toContain('message 10');
    expect(text.length).toBeLessThan(8000);
  });
});

