/**
 * Every client route with what search engines and link previews see. The server writes these
 * into the HTML it sends (no JavaScript needed); the client sets the same title on navigation.
 */
export interface PageMeta {
  path: string;
  title: string;
  description: string;
  indexable: boolean;
}

export const pages = [
  {
    path: '/',
    title: 'AI Executive Advisor',
    description:
      'Talk strategy with an AI CEO, CFO, CTO and 15 more executive advisors who know your industry. Test ideas, prepare hard conversations and get decisions challenged.',
    indexable: true,
  },
  {
    path: '/plans',
    title: 'Plans & Pricing',
    description: 'Start free with five conversations a day, or go Premium for unlimited advice from all 18 executive roles, history and PDF export.',
    indexable: true,
  },
  { path: '/signup', title: 'Create Account', description: 'Create your account and start talking to an AI executive advisor in minutes.', indexable: true },
  { path: '/signin', title: 'Sign In', description: 'Sign in to continue your conversations with your AI executive advisors.', indexable: true },
  { path: '/contact', title: 'Contact Us', description: 'Questions, feedback or partnership ideas? Send us a message and we will get back to you.', indexable: true },
  { path: '/privacy-policy', title: 'Privacy Policy', description: 'How we collect, use, protect and delete your personal information.', indexable: true },
  { path: '/terms-and-conditions', title: 'Terms & Conditions', description: 'The terms that govern your use of the service, billing and refunds.', indexable: true },
  { path: '/reset-password', title: 'Reset Password', description: 'Choose a new password for your account.', indexable: false },
  { path: '/verify-email', title: 'Verify Email', description: 'Confirm the email address of your account.', indexable: false },
  { path: '/chat', title: 'Chat', description: 'Your conversation with an AI executive advisor.', indexable: false },
  { path: '/history', title: 'Conversation History', description: 'Your past conversations.', indexable: false },
  { path: '/checkout', title: 'Checkout', description: 'Upgrade to Premium.', indexable: false },
  { path: '/admin', title: 'Admin Dashboard', description: 'How the product is used.', indexable: false },
] as const satisfies readonly PageMeta[];

/** The development mailbox (decision 056): a page only outside production with no SMTP_URL, so not among `pages`. */
export const devMailPage: PageMeta = { path: '/dev/mail', title: 'Development mailbox', description: 'Mail this server wrote to its outbox.', indexable: false };

export const notFoundPage: PageMeta = {
  path: '',
  title: 'Page Not Found',
  description: "Sorry, we couldn't find the page you're looking for.",
  indexable: false,
};

export function pageFor(path: string): PageMeta | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return pages.find((p) => p.path === clean);
}

/** 'Plans & Pricing - Corner Office'; the landing page leads with the product name. */
export function documentTitle(page: PageMeta, appName: string): string {
  return page.path === '/' ? `${appName} - ${page.title}` : `${page.title} - ${appName}`;
}

/**
 * The public pages prerendered at build time (docs/decisions/027-performance.md), with the module of
 * each page's lazy chunk (preloaded by the page's HTML) and the file the build writes. The 404 page is
 * sent for every unknown path.
 */
export const prerenderedPages = [
  { path: '/', file: 'index.html', module: null },
  { path: '/plans', file: 'plans.html', module: 'features/marketing/components/plans-page.tsx' },
  { path: '/contact', file: 'contact.html', module: 'features/contact/components/contact-page.tsx' },
  { path: '/privacy-policy', file: 'privacy-policy.html', module: 'features/legal/components/privacy-policy-page.tsx' },
  { path: '/terms-and-conditions', file: 'terms-and-conditions.html', module: 'features/legal/components/terms-page.tsx' },
  { path: '/signin', file: 'signin.html', module: 'features/auth/components/sign-in-page.tsx' },
  { path: '/signup', file: 'signup.html', module: 'features/auth/components/sign-up-page.tsx' },
  { path: '/404', file: '404.html', module: 'app/pages/not-found-page.tsx' },
] as const;

/** Where the build writes prerendered pages, inside the client directory (a dot directory: never served as it is, never precached). */
export const PRERENDER_DIR = '.prerendered';
/**
 * The shell with the cookie banner painted before the app (docs/decisions/046-signed-in-first-paint.md),
 * in PRERENDER_DIR: sent to a request with a session cookie whose account has not chosen yet.
 */
export const SHELL_WITH_COOKIE_BANNER_FILE = 'shell-cookie-banner.html';
/** Placeholders the prerenderer writes for the configured names; the server fills them in (HTML-escaped). */
export const prerenderPlaceholders = { appName: '%%APP_NAME%%', companyName: '%%COMPANY_NAME%%' } as const;
