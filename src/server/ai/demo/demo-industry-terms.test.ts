import { describe, expect, it } from 'vitest';
import { executiveRoles, industries, type Industry } from '#contract/roles.ts';
import { composeDemoReply } from './demo-reply.ts';
import { composeDemoSeat } from './demo-roundtable.ts';

/**
 * Issue 31, point 6: the offline demo never names a regulation, a regulator or a metric that belongs
 * to another industry than the one chosen. Each industry's own terms (the ones no other industry
 * shares: FTC, EPA or PCI DSS belong to several and are left out); a reply in one industry may use
 * its own, never another's. Every one of the 18 x 12 role and industry pairs, in every shape of answer.
 */
const TERMS: Record<Industry, readonly string[]> = {
  'Aerospace & Defense': ['ITAR', 'EASA', 'DFARS', 'CMMC', 'AS9100', 'book-to-bill', 'CPI/SPI', 'earned-value', 'airworthiness'],
  Energy: ['FERC', 'NERC', 'PHMSA', 'LCOE', 'Levelized cost of energy', 'Capacity factor', 'per barrel', 'Reserve replacement', 'Rate base', 'allowed ROE', 'rate case'],
  Finance: ['CFPB', 'OCC', 'FDIC', 'FINRA', 'Basel', 'CET1', 'Net interest margin', 'AML/KYC', 'OFAC', 'Federal Reserve', 'AUM', 'Bank Secrecy Act'],
  'Food & Beverage': ['FSMA', 'USDA', 'FSIS', 'TTB', 'Trade spend', 'ACV', 'Gross margin per case', 'units per store per week'],
  Healthcare: ['HIPAA', 'CMS', 'Stark Law', 'Anti-Kickback', 'certificate-of-need', 'Payer mix', 'Claim denial', 'Length of stay', 'Readmissions', 'adjusted patient day'],
  Manufacturing: ['OEE', 'Overall equipment effectiveness', 'First-pass yield', 'ISO 9001', 'ISO 14001', 'REACH/RoHS'],
  Music: ['ASCAP', 'BMI', 'SESAC', 'Mechanical Licensing Collective', 'Copyright Royalty Board', 'SoundExchange', 'per stream', 'recoupment', 'monthly listeners'],
  Retail: ['Comparable-store sales', 'Sales per square foot', 'markdown rate', 'Shrink rate', 'weeks of supply'],
  Technology: ['ARR', 'Net revenue retention', 'Rule of 40', 'CAC payback', 'SOC 2', 'EU AI Act', 'Logo churn'],
  'TV & Film': ['FCC', 'SAG-AFTRA', 'WGA', 'DGA', 'IATSE', 'MPA ratings', 'Box office', 'P&A', 'per viewing hour'],
  Transportation: ['FMCSA', 'ELDs', 'hours of service', 'FRA', 'STB', 'Federal Maritime Commission', 'CARB', 'Operating ratio', 'empty miles', 'Revenue per mile'],
  'Travel & Leisure': ['RevPAR', 'Average daily rate', 'occupied room', 'short-term rental', 'junk fees', 'Direct booking share'],
};

/** A role's own terms, whatever the industry: every plant a VP Manufacturing runs measures OEE. */
const ROLE_TERMS: Partial<Record<string, readonly string[]>> = { 'VP Manufacturing': ['OEE', 'Overall equipment effectiveness'] };

/** Acronyms match case-sensitively as whole words; phrases in any case. */
function pattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return /^[A-Z0-9&/-]+$/.test(term) ? new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`) : new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'i');
}

function foreignTerms(industry: Industry, text: string, role = ''): string[] {
  const own = new Set([...TERMS[industry], ...(ROLE_TERMS[role] ?? [])].map((t) => t.toLowerCase()));
  return Object.entries(TERMS)
    .filter(([other]) => other !== industry)
    .flatMap(([other, terms]) => terms.filter((term) => !own.has(term.toLowerCase()) && pattern(term).test(text)).map((term) => `${term} (${other})`));
}

// One question per shape of answer the demo writes (advice, table, forecast, steps, list), and a layoff.
const QUESTIONS = [
  'Should we expand into a second region next year?',
  'Compare building our own platform versus buying one, in a table.',
  'Forecast our revenue of $40M growing 12% over the next 3 years.',
  'What are the steps to cut costs by 10% this year?',
  'Give me five ideas to grow margin.',
  'We need to lay off 8% of staff. How do we do it well?',
];

describe('the demo names only its own industry (issue 31, point 6)', () => {
  it('never names another industry’s regulator, rule or metric, for any of the 18 x 12 role and industry pairs', () => {
    const leaks: string[] = [];
    for (const industry of industries) {
      for (const role of executiveRoles) {
        for (const question of QUESTIONS) {
          const texts = [
            composeDemoReply({ executiveRole: role, industry, userRole: 'CEO', question }),
            composeDemoReply({ executiveRole: role, industry, userRole: 'Manager', question, take: 7 }),
            composeDemoSeat({ task: 'seat', executiveRole: role, industry, userRole: 'CEO', question, kind: 'opening', side: null, others: [], ownPosition: null, roster: [role, 'CFO', 'COO'] }),
          ];
          for (const text of texts) for (const leak of foreignTerms(industry, text, role)) leaks.push(`${role} in ${industry}, "${question}": ${leak}`);
        }
      }
    }
    const summary = [...new Set(leaks.map((l) => l.replace(/ in [^,]+, ".*?": /, ": ")))];
    expect(summary).toEqual([]);
  });

  it('is a real check: an industry’s own terms do appear in its replies', () => {
    const text = QUESTIONS.map((question) => composeDemoReply({ executiveRole: 'CFO', industry: 'Finance', userRole: 'CEO', question })).join('\n');
    expect(TERMS.Finance.some((term) => pattern(term).test(text))).toBe(true);
    expect(foreignTerms('Retail', text).length).toBeGreaterThan(0);
  });

  it('keeps to the part of the industry and the topic the question is about: a solar project is not measured per barrel, a layoff is a WARN Act question', () => {
    for (const role of executiveRoles) {
      for (const question of ['Should we build a 50 MW solar project in Texas?', 'Compare a 50 MW solar farm with battery storage, in a table.', 'Give me five ideas for our wind portfolio.']) {
        const text = [composeDemoReply({ executiveRole: role, industry: 'Energy', userRole: 'CEO', question }), composeDemoSeat({ task: 'seat', executiveRole: role, industry: 'Energy', userRole: 'CEO', question, kind: 'opening', side: null, others: [], ownPosition: null, roster: [role] })].join('\n');
        expect(text, `${role}: ${question}`).not.toMatch(/barrel|reserve replacement/i);
      }
      const layoff = composeDemoReply({ executiveRole: role, industry: 'Finance', userRole: 'CEO', question: 'We need to lay off 8% of staff at the bank. How do we do it?' });
      expect(layoff, role).not.toMatch(/CFPB|consumer protection/);
    }
    const steps = composeDemoReply({ executiveRole: 'CHRO', industry: 'Finance', userRole: 'CEO', question: 'What are the steps to lay off 200 people at our bank?' });
    expect(steps).toContain('WARN Act');
  });
});
