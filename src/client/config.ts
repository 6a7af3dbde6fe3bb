import { DEFAULT_APP_NAME, DEFAULT_COMPANY_NAME } from '#contract/product.ts';

/**
 * What the client knows about its deployment. The product and company names come from the
 * server's configuration (written into the page as JSON data), so an operator can rebrand
 * without rebuilding.
 */
interface PublicConfig {
  appName: string;
  companyName: string;
}

function readPublicConfig(): Partial<PublicConfig> {
  if (typeof document === 'undefined') return {};
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
};
