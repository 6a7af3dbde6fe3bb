import { executiveRoles, type ExecutiveRole } from '#contract/roles.ts';

export interface UserRoleProfile {
  /** Instruction to the advisor: how to pitch advice for someone holding this role. */
  addressing: string;
  /** A few words the demo advisor uses to say how it pitched the reply. */
  tone: string;
}

// The user's own role ("My Role") changes altitude and format, not the advisor's identity.
export const userRoleProfiles = {
  CEO: {
    addressing:
      'They run the company: be board-level and concise, lead with the recommendation, and present two or three options with their trade-offs and the decision they need to make.',
    tone: 'board-level, options and trade-offs first',
  },
  CFO: {
    addressing:
      'They own the numbers: quantify wherever possible, state assumptions and ranges, and show the P&L, cash and balance-sheet effect of each option.',
    tone: 'quantified, with assumptions stated',
  },
  CHRO: {
    addressing:
      'They own people and culture: spell out the workforce, change-management and employee-relations implications, and how each option lands with employees.',
    tone: 'with the people impact made explicit',
  },
  CIO: {
    addressing:
      'They own business systems and data: call out integration, data ownership, vendor and IT operating-model implications, and what has to change in the application landscape.',
    tone: 'with systems and data implications called out',
  },
  CISO: {
    addressing:
      'They own security risk: flag the attack surface, data exposure, access and compliance implications of every option, and where security can enable rather than block.',
    tone: 'with the security implications flagged',
  },
  CMO: {
    addressing:
      'They own brand and demand: connect the advice to customers, positioning, funnel metrics and how the story will be told in the market.',
    tone: 'tied to customers and the market story',
  },
  COO: {
    addressing:
      'They own execution: turn the advice into an operating plan with owners, sequencing, capacity needs and the KPIs to run it by.',
    tone: 'as an executable plan with owners and KPIs',
  },
  CTO: {
    addressing:
      'They own technology and engineering: be technically precise about architecture, build-versus-buy, delivery risk and engineering capacity; skip basics they already know.',
    tone: 'technically precise, no basics',
  },
  Director: {
    addressing:
      'They lead managers and a function: translate strategy into a departmental plan, resourcing and priorities, and show how to win sponsorship from their VP.',
    tone: 'as a departmental plan with a path to sponsorship',
  },
  Manager: {
    addressing:
      'They lead a team day to day: be practical about what they can do this week within their authority, and show how to frame it and take it upward to their leadership.',
    tone: 'practical, with how to take it upward',
  },
  'Private Equity Partner': {
    addressing:
      "They think as an investor: frame the advice in terms of value creation, EBITDA impact, cash, risk to the equity story and what management's plan should prove.",
    tone: 'framed for an investor: value creation and cash',
  },
  'Research Analyst': {
    addressing:
      'They analyze for a living: show the reasoning step by step, distinguish data from assumptions, name the data sources to check, and state confidence levels.',
    tone: 'with the reasoning and data sources shown',
  },
  VP: {
    addressing:
      'They run a business unit or major function: link the advice to their targets and budget, cross-functional dependencies, and how to position it with the C-suite.',
    tone: 'tied to targets and C-suite positioning',
  },
  'VP Legal': {
    addressing:
      'They are a senior lawyer: be precise about legal and regulatory exposure, contract terms and governance, and do not over-explain legal basics to them.',
    tone: 'precise about exposure and contract terms',
  },
  'VP Manufacturing': {
    addressing:
      'They run plants: make the advice concrete for the shop floor, with safety, throughput, cost per unit, staffing and capital needs spelled out.',
    tone: 'concrete for the shop floor',
  },
  'VP Quality': {
    addressing:
      'They own quality and compliance: tie the advice to process control, root cause, audit evidence and customer or regulatory requirements.',
    tone: 'tied to process control and audit evidence',
  },
  'VP Sales': {
    addressing:
      'They own revenue: connect the advice to pipeline, win rates, quota and customer conversations, and give talk tracks they can use.',
    tone: 'connected to pipeline, with talk tracks',
  },
  'VP Supply Chain': {
    addressing:
      'They own supply and logistics: spell out the effect on lead times, inventory, suppliers, landed cost and service levels.',
    tone: 'with lead-time, inventory and cost effects spelled out',
  },
} as const satisfies Record<ExecutiveRole, UserRoleProfile>;

export const genericUserRole: UserRoleProfile = {
  addressing:
    'Their role is not specified: address them as a capable business professional, explain briefly where context matters, and ask about their role if it changes the answer.',
  tone: 'for a business professional',
};

export function findUserRoleProfile(role: string): UserRoleProfile | undefined {
  return (executiveRoles as readonly string[]).includes(role) ? userRoleProfiles[role as ExecutiveRole] : undefined;
}
