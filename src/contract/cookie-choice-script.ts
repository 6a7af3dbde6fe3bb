/**
 * The one inline script a page runs (docs/decisions/040-first-paint.md). A prerendered public page
 * carries the cookie banner in its HTML, so a visitor without a choice sees it in the first paint; a
 * visitor who already chose (spec section 4: localStorage 'cookieConsent', 'true' or 'false') must not
 * see it even for a frame. This script runs in <head>, before the body is painted, and marks <html>;
 * styles.css hides the banner under that mark until React, hydrated, removes it. The CSP allows exactly
 * this text by its hash (security-headers.ts), so any change here changes the hash with it.
 */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-cookie-choice';

/**
 * Marks the copy of the banner the shell carries beside the app's root for a signed-in account that has
 * not chosen (docs/decisions/046-signed-in-first-paint.md): painted before the app, removed by the app's
 * banner once it knows the choice. boot.ts spells it out (it may import nothing the app imports).
 */
export const SHELL_COOKIE_BANNER_ATTRIBUTE = 'data-shell-cookie-banner';

export const cookieChoiceScript = `try{var c=localStorage.getItem("cookieConsent");if(c==="true"||c==="false")document.documentElement.setAttribute("${COOKIE_CHOICE_ATTRIBUTE}",c)}catch(e){}`;
