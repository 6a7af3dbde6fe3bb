import { DEFAULT_FREE_RETENTION_DAYS } from '#contract/limits.ts';
import { DEFAULT_APP_NAME, DEFAULT_COMPANY_NAME } from '#contract/product.ts';

/**
 * What the client knows about its deployment. The product and company names come from the
 * server's configuration (written into the page as JSON data), so an operator can rebrand
 * without rebuilding.
 */
interface PublicConfig {
  appName: string;
  companyName: string;
  /** FREE_RETENTION_DAYS, which the plans table, terms and privacy policy state (0: conversations are kept). */
  freeRetentionDays: number;
}

function readPublicConfig(): Partial<PublicConfig> {
  // The build's prerenderer (no document) writes placeholders the server fills in from its configuration.
  if (typeof document === 'undefined') return (globalThis as { prerenderConfig?: Partial<PublicConfig> }).prerenderConfig ?? {};
  const element = document.getElementById('app-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<PublicConfig>;
  } catch {
    return {};
  }
}

const fromServer = readPublicConfig();

export const clientConfig: PublicConfig = {
  appName: fromServer.appName ?? import.meta.env.VITE_APP_NAME ?? DEFAULT_APP_NAME,
  companyName: fromServer.companyName ?? DEFAULT_COMPANY_NAME,
  freeRetentionDays: typeof fromServer.freeRetentionDays === 'number' ? fromServer.freeRetentionDays : DEFAULT_FREE_RETENTION_DAYS,
};
