import { FREE_DAILY_ATTACHMENTS, FREE_DAILY_INTERACTIONS, FREE_RECENT_CONVERSATIONS, freeRetentionText } from './limits.ts';
import { executiveRoles, freeExecutiveRoles, industries } from './roles.ts';

/**
 * What each plan includes (spec section 1), as shown on the pricing cards, the plans page,
 * the upgrade dialog and checkout. Numbers come from the limits and role lists, never typed twice.
 */
export interface PlanFeature {
  label: string;
  /** Shown in the comparison table: what the Free Tier gets for this row (false: not included). */
  free: string | boolean;
  /** What Premium gets for this row. */
  premium: string | boolean;
  /** The row states the configured retention (its cell carries freeRetentionText.marker). */
  statesRetention?: boolean;
}

/** 'CEO, CFO and CHRO': the executives of the Free Tier, as a phrase. */
export const freeExecutiveRolesText = freeExecutiveRoles.join(', ').replace(/, ([^,]*)$/, ' and $1');
const freeRoles = freeExecutiveRolesText;

/** The plans table, stating the retention the server is configured with (freeRetentionText). */
export const planComparison = (freeRetentionDays: number): readonly PlanFeature[] => [
  { label: 'Interactions with your advisors', free: `${FREE_DAILY_INTERACTIONS} a day`, premium: 'Unlimited' },
  { label: 'Executive advisors', free: freeRoles, premium: `All ${executiveRoles.length} roles` },
  { label: 'Industries', free: `All ${industries.length}`, premium: `All ${industries.length}` },
  { label: 'Document analysis', free: `${FREE_DAILY_ATTACHMENTS} a day`, premium: 'Unlimited' },
  { label: 'Voice input and read-aloud replies', free: true, premium: true },
  // Decision 059: a Free account reopens its latest conversations from the chat; history and search are Premium.
  { label: 'Reopen your recent conversations', free: `The latest ${FREE_RECENT_CONVERSATIONS}`, premium: 'All' },
  { label: 'Conversation history and search', free: false, premium: true },
  // Decision 025: what the retention job does, in the words of the plans table.
  { label: 'Conversations kept', free: freeRetentionText.kept(freeRetentionDays), premium: 'As long as you keep your account', statesRetention: true },
  { label: 'PDF export of conversations', free: false, premium: true },
  { label: 'Roundtables and head-to-heads: 2 to 5 executives debate, a chair writes the verdict', free: false, premium: true },
  { label: 'Switch advisor or industry mid-conversation', free: false, premium: true },
  { label: 'Default role and industry settings', free: false, premium: true },
  // Decision 074: company memory. The profile is for everyone; learned facts are Premium.
  { label: 'Company profile every advisor reads (size, stage, cash, runway, goals)', free: true, premium: true },
  { label: 'Facts advisors learn from your conversations ("Remember this?")', free: false, premium: true },
  // Decision 082: pinned documents, and decision outcomes remembered as facts, are Premium like learned facts.
  { label: 'Pinned documents every advisor can read, in any conversation', free: false, premium: true },
];

export const freePlanFeatures: readonly string[] = [
  `${FREE_DAILY_INTERACTIONS} interactions a day`,
  `${freeRoles} advisors`,
  `All ${industries.length} industries`,
  `${FREE_DAILY_ATTACHMENTS} document analysis a day`,
  'Voice input and read-aloud replies',
  `Reopen your ${FREE_RECENT_CONVERSATIONS} most recent conversations`,
  'A company profile every advisor reads',
];

export const premiumPlanFeatures: readonly string[] = [
  'Unlimited interactions',
  `All ${executiveRoles.length} executive roles, from CEO to VP Supply Chain`,
  'Unlimited document analysis',
  'Conversation history, search and PDF export',
  'Roundtables and head-to-heads, with a board-pack PDF',
  'Switch advisor or industry mid-conversation',
  'Default role and industry settings',
  'Company memory: advisors remember facts from your conversations',
  'Pinned documents: your strategy or board deck, readable in every conversation',
];
