/** Spec section 9: one table of prices used by every page, dialog and the billing server. */
export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];
// No zod here: the landing page shows prices, and importing zod at all from the first page puts all of
// zod into the first download (the bundler's initial group takes every module the first page imports,
// even unused). The schema of a billing period is in billing.ts (decision 007).

export interface PlanConstant {
  /** Price in US dollars for one period. */
  price: number;
  period: 'month' | 'year' | 'lifetime';
  /** Price per month, to two decimals. */
  monthlyEquivalent: number;
  /** Percent saved against paying monthly for the same time, rounded. */
  savings: number;
  /** Hidden plans exist for operators (lifetime deals, VIP) and are never offered in the UI. */
  hidden: boolean;
}

const MONTHLY_PRICE = 9.99;
const YEARLY_PRICE = 99.99;

const round2 = (n: number) => Math.round(n * 100) / 100;

export const plans = {
  monthly: { price: MONTHLY_PRICE, period: 'month', monthlyEquivalent: MONTHLY_PRICE, savings: 0, hidden: false },
  yearly: {
    price: YEARLY_PRICE,
    period: 'year',
    monthlyEquivalent: round2(YEARLY_PRICE / 12),
    savings: Math.round(((12 * MONTHLY_PRICE - YEARLY_PRICE) / (12 * MONTHLY_PRICE)) * 100),
    hidden: false,
  },
  lifetime: { price: 249.99, period: 'lifetime', monthlyEquivalent: 0, savings: 0, hidden: true },
  vipLifetime: { price: 0, period: 'lifetime', monthlyEquivalent: 0, savings: 0, hidden: true },
} as const satisfies Record<string, PlanConstant>;

/** Dollars saved per year on the yearly plan: 12 x monthly - yearly. */
export const yearlySavingsDollars = round2(12 * MONTHLY_PRICE - YEARLY_PRICE);

export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return value === 'monthly' || value === 'yearly';
}
