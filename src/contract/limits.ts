/** Spec section 9: business limits shared by server rules and client mirrors. */
export const FREE_DAILY_INTERACTIONS = 5;
export const FREE_DAILY_ATTACHMENTS = 1;
/** Premium allowances are unlimited, shown as -1 in API responses. */
export const UNLIMITED = -1;
export const DISPLAYED_MESSAGES = 50;
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const NOTICE_REMOVE_DELAY_MS = 3000;
export const CONTACT_REDIRECT_DELAY_MS = 1500;
export const READ_ALOUD_DELAY_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
/**
 * Arrays and objects a JSON request body may nest: the deepest body the API takes has 2 levels; a deeper
 * one is refused before it is parsed (decision 054).
 */
export const MAX_JSON_DEPTH = 16;

/** Titles are (re)generated when the message count is 2 or a multiple of 3. */
export function shouldGenerateTitle(messageCount: number): boolean {
  return messageCount === 2 || (messageCount > 0 && messageCount % 3 === 0);
}

/**
 * Free accounts' conversations not updated for this many days are deleted by the daily retention job
 * (decision 025). The server's FREE_RETENTION_DAYS defaults to it; the terms page states it.
 */
export const DEFAULT_FREE_RETENTION_DAYS = 30;

/**
 * How many of their most recent conversations a Free account can reopen from the chat screen ("Recent
 * conversations", decision 059), among those the retention keeps; history and search stay Premium.
 */
export const FREE_RECENT_CONVERSATIONS = 3;

/**
 * How the pages state the retention the server is configured with (0 keeps conversations). Elements stating it
 * carry `data-free-retention`: the server serves the build's prerendered HTML of those pages only when its
 * configured value is the build's, and renders them in the browser otherwise (src/server/plugins/spa.ts).
 */
export const freeRetentionText = {
  /** The plans table's cell. */
  kept: (days: number): string => (days > 0 ? `${days} days after last use` : 'As long as you keep your account'),
  /** Terms, Free Tier: "Conversations of Free accounts ...". */
  planSentence: (days: number): string =>
    days > 0
      ? `Conversations of Free accounts are kept for ${days} days after they were last used, then deleted automatically.`
      : 'Conversations of Free accounts are kept for as long as the account exists.',
  /** Terms and privacy policy: what happens to a Free account's conversation. */
  deletionSentence: (days: number): string =>
    days > 0
      ? `A Free account's conversation that has not been used for ${days} days is deleted automatically, with its messages and attached documents.`
      : "A Free account's conversations are kept for as long as the account exists.",
  /** The HTML attribute marking an element that states it. */
  marker: 'data-free-retention',
} as const;
