/** Spec section 3: the 18 roles (the My Role and Talk to lists are identical) and 12 industries. */
export const executiveRoles = [
  'CEO',
  'CFO',
  'CHRO',
  'CIO',
  'CISO',
  'CMO',
  'COO',
  'CTO',
  'Director',
  'Manager',
  'Private Equity Partner',
  'Research Analyst',
  'VP',
  'VP Legal',
  'VP Manufacturing',
  'VP Quality',
  'VP Sales',
  'VP Supply Chain',
] as const;
export type ExecutiveRole = (typeof executiveRoles)[number];

/** Executives a free user may talk to. Their own role ("My Role") is not restricted. */
export const freeExecutiveRoles = ['CEO', 'CFO', 'CHRO'] as const satisfies readonly ExecutiveRole[];

export const industries = [
  'Aerospace & Defense',
  'Energy',
  'Finance',
  'Food & Beverage',
  'Healthcare',
  'Manufacturing',
  'Music',
  'Retail',
  'Technology',
  'TV & Film',
  'Transportation',
  'Travel & Leisure',
] as const;
export type Industry = (typeof industries)[number];

export const chatDefaults = {
  userRole: 'Research Analyst',
  executiveRole: 'CEO',
  industry: 'Technology',
} as const satisfies { userRole: ExecutiveRole; executiveRole: ExecutiveRole; industry: Industry };

export function isFreeExecutiveRole(role: string): boolean {
  return (freeExecutiveRoles as readonly string[]).includes(role);
}
