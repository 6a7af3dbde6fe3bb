/**
 * What other features may use of the history feature (ESLint allows imports of a feature only
 * through its index.ts): the PDF export's renderer on worker threads (decision 020), for documents
 * laid out like a conversation (the roundtable's board pack).
 */
export { exportFileName, resolveTimeZone, type ConversationExport, type ExportedMessage } from './export/conversation.ts';
export { renderConversationPdfOffThread } from './export/pdf-pool.ts';
