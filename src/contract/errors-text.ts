import { FREE_DAILY_ATTACHMENTS, FREE_DAILY_INTERACTIONS, MAX_JSON_DEPTH } from './limits.ts';

// The error catalogue without zod: screens import it from here (issue 18, decision 042).

/**
 * Every error the API answers with. The code travels to the browser, which can rebuild
 * the error from it; the message is what a user may read.
 */
export const errorCatalog = {
  'bad_request:validation': { status: 400, message: 'Invalid request' },
  'bad_request:json': { status: 400, message: 'The request body is not valid JSON' },
  'bad_request:json_depth': { status: 400, message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).` },
  'unauthorized:auth': { status: 401, message: 'Not signed in' },
  'unauthorized:credentials': { status: 401, message: 'Invalid email or password.' },
  'forbidden:origin': { status: 403, message: 'Cross-origin request refused' },
  'forbidden:auth': { status: 403, message: 'You do not have access to this' },
  'not_found:route': { status: 404, message: 'Not found' },
  'not_found:resource': { status: 404, message: 'Not found' },
  'conflict:email': { status: 409, message: 'An account with this email address already exists.' },
  'bad_request:verification_token': {
    status: 400,
    message: 'This verification link is invalid or has expired. Sign in and use "Resend email" to get a new one.',
  },
  'forbidden:unverified': { status: 403, message: 'Please verify your email address first: open the link we emailed you, or resend it from the banner.' },
  'rate_limit:verification': { status: 429, message: 'We just sent you a verification email. Please wait a minute before asking for another.' },
  'rate_limit:account': {
    status: 429,
    message: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again, or reset your password.',
  },
  'bad_request:reset_token': { status: 400, message: 'This reset link is invalid or has expired. Please request a new one.' },
  'payload_too_large:body': { status: 413, message: 'The request body is too large' },
  'rate_limit:auth': { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  'rate_limit:general': { status: 429, message: 'Too many requests. Please slow down and try again shortly.' },
  'rate_limit:streams': {
    status: 429,
    message: 'Too many live conversations are open for your account. Close some tabs or windows of the app, then try again.',
  },
  'internal:unexpected': { status: 500, message: 'Something went wrong' },
  // Chat. The codes in upgradeErrorCodes open the upgrade dialog.
  'forbidden:role': { status: 403, message: 'Upgrade to Premium to talk to this executive. Free accounts can talk to the CEO, CFO and CHRO.' },
  'forbidden:context': {
    status: 403,
    message: 'Upgrade to Premium to change the advisor, industry or your role once a conversation has started.',
  },
  'forbidden:premium': { status: 403, message: 'This feature is part of Premium. Upgrade to use it.' },
  'rate_limit:interactions': {
    status: 429,
    message: `You have reached your daily interaction limit of ${FREE_DAILY_INTERACTIONS}. Upgrade to Premium for unlimited conversations.`,
  },
  'not_found:chat_session': { status: 404, message: 'Conversation not found' },
  'not_found:message': { status: 404, message: 'Message not found' },
  'not_found:user': { status: 404, message: 'User not found' },
  'bad_request:message_state': { status: 400, message: 'This message cannot be changed in its current state.' },
  'rate_limit:attachments': {
    status: 429,
    message: `You have used today's free document attachment (${FREE_DAILY_ATTACHMENTS} a day). Upgrade to Premium for unlimited attachments and analysis.`,
  },
  'not_found:document': { status: 404, message: 'Document not found' },
  'not_found:upload': { status: 404, message: 'This upload could not be found. Please upload the file again.' },
  'payload_too_large:file': { status: 413, message: 'Please select a file smaller than 100MB' },
  // Document storage per account (decision 052): uploads count from the moment their URL is given out.
  'payload_too_large:storage': {
    status: 413,
    message: 'This file does not fit in your document storage. Delete documents or conversations you no longer need, or upgrade to Premium for more storage.',
  },
  'rate_limit:uploads': { status: 429, message: 'Too many uploads are waiting to be attached. Send or remove them, or try again in a few minutes.' },
  // The decision log (src/contract/decisions.ts; decision 034).
  'not_found:decision': { status: 404, message: 'Decision not found' },
  'forbidden:decisions': {
    status: 403,
    message: 'Free accounts keep one saved decision. Upgrade to Premium to log every decision and action item, with follow-ups.',
  },
  // Company memory (src/contract/memory.ts; decisions 073 and 074).
  'not_found:fact': { status: 404, message: 'Fact not found' },
  'forbidden:memory_facts': { status: 403, message: 'Learned facts are part of Premium. Free accounts keep the company profile; upgrade to let your advisors remember facts from your conversations.' },
  'bad_request:facts_full': { status: 400, message: 'You have reached the limit of saved facts. Delete facts that are no longer true, then save this one.' },
  // Pinned documents (decision 082).
  'forbidden:memory_pins': {
    status: 403,
    message: 'Pinned documents are part of Premium. Free accounts keep the company profile; upgrade to let every advisor read your pinned documents in any conversation.',
  },
  'bad_request:pins_full': { status: 400, message: 'You can pin at most 10 documents to your company. Unpin one you no longer need, then pin this one.' },
  'bad_request:pin_not_ready': { status: 400, message: 'Only an analysed document can be pinned. Wait until its analysis is finished, then pin it.' },
  // Roundtables (src/contract/roundtable.ts).
  'not_found:roundtable': { status: 404, message: 'Roundtable not found' },
  'rate_limit:roundtables': { status: 429, message: 'You already have roundtables in session. Wait for one to finish, or stop it, before convening another.' },
  'bad_request:roundtable_state': { status: 400, message: 'This roundtable cannot do that in its current state.' },
  'ai:provider': { status: 502, message: 'The AI provider is unavailable right now. Please try again.' },
  // History: PDF exports past the per-process limit of renders in flight (decision 020).
  // The decision memo needs a question the advisor has answered.
  'bad_request:memo_empty': { status: 400, message: 'Ask a question and get an answer first: the memo writes up a decision the conversation discussed.' },
  'unavailable:export_busy': { status: 503, message: 'Many conversations are being exported right now. Please try again in a moment.' },
  // Operations: load shedding and a graceful shutdown (src/server/plugins/operations.ts).
  'unavailable:overloaded': { status: 503, message: 'The service is very busy right now. Please try again in a few seconds.' },
  'unavailable:shutting_down': { status: 503, message: 'The service is restarting. Please try again in a few seconds.' },
  // The database connection was lost mid-request and the statement could not be safely repeated (src/server/db/client.ts).
  'unavailable:database': { status: 503, message: 'The service lost its connection to the database for a moment. Please try again in a few seconds.' },
  // Billing (src/contract/billing.ts holds the page's own strings).
  'unavailable:billing': { status: 503, message: 'Payments are not set up on this server.' },
  'billing:provider': { status: 502, message: 'The payment provider could not be reached. Please try again in a moment.' },
  'not_found:subscription': { status: 404, message: 'Subscription not found' },
  'not_found:active_subscription': { status: 404, message: 'You have no active subscription to cancel or change.' },
  'conflict:already_premium': { status: 409, message: 'Your account already has Premium, so there is nothing to buy.' },
  'conflict:subscription_paid': { status: 409, message: 'This subscription has already been paid, so it cannot be abandoned.' },
  'conflict:subscription_cancelled': { status: 409, message: 'Your subscription is already cancelled and ends at the close of this billing period.' },
  'conflict:same_period': { status: 409, message: 'You are already on this billing period.' },
  // Account (src/contract/account.ts holds the dialogs' own strings).
  'conflict:email_exists': { status: 409, message: 'That email address already exists.' },
  'bad_request:current_password': { status: 400, message: 'Your current password is not correct.' },
  'bad_request:current_password_required': { status: 400, message: 'Enter your current password to change your email address.' },
  'bad_request:delete_password': { status: 400, message: 'That password is not correct, so your account was not deleted.' },
  'bad_request:image_type': { status: 400, message: 'Only image files are allowed' },
  'bad_request:image_unreadable': { status: 400, message: 'This image could not be read. Please try another file.' },
  'payload_too_large:image': { status: 413, message: 'Please select an image smaller than 10MB' },
  'not_found:session': { status: 404, message: 'Session not found' },
  'not_found:object': { status: 404, message: 'Not found' },
  // Admin.
  'bad_request:admin_self': { status: 400, message: 'Admins cannot change or disable their own account here.' },
  'bad_request:admin_target': { status: 400, message: 'This change cannot be made to an admin account.' },
  'bad_request:webhook_signature': { status: 400, message: 'Webhook signature verification failed' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/**
 * Refusals that Premium lifts (spec section 8: the interaction limit; section 5: locked advisors and
 * context): the client answers them with the upgrade dialog, deciding by the code, never the text.
 */
export const upgradeErrorCodes = ['rate_limit:interactions', 'rate_limit:attachments', 'forbidden:role', 'forbidden:context', 'forbidden:premium', 'forbidden:decisions', 'forbidden:memory_facts', 'forbidden:memory_pins'] as const satisfies readonly ErrorCode[];

export function isUpgradeErrorCode(code: string | undefined): boolean {
  return (upgradeErrorCodes as readonly string[]).includes(code ?? '');
}
