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

/** Titles are (re)generated when the message count is 2 or a multiple of 3. */
export function shouldGenerateTitle(messageCount: number): boolean {
  return messageCount === 2 || (messageCount > 0 && messageCount % 3 === 0);
}
