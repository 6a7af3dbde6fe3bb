/**
 * The one inline script a page runs (docs/decisions/040-first-paint.md). A prerendered public page
 * carries the cookie banner in its HTML, so a visitor without a choice sees it in the first paint; a
 * visitor who already chose (spec section 4: localStorage 'cookieConsent', 'true' or 'false') must not
 * see it even for a frame. This script runs in <head>, before the body is painted, and marks <html>;
 * styles.css hides the banner under that mark until React, hydrated, removes it. The CSP allows exactly
 * this text by its hash (security-headers.ts), so any change here changes the hash with it.
 */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-cookie-choice';

export const cookieChoiceScript = `try{var c=localStorage.getItem("cookieConsent");if(c==="true"||c==="false")document.documentElement.setAttribute("${COOKIE_CHOICE_ATTRIBUTE}",c)}catch(e){}`;
