import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A new page starts at the top, as a full page load would (spec: the plans and legal pages
 * scroll to top). Back and forward keep the browser's own scroll restoration, and a link to
 * an anchor (#pricing) scrolls to that anchor instead.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  const poppedRef = useRef(false);
  const firstRef = useRef(true);

  useEffect(() => {
    const onPop = () => {
      poppedRef.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (firstRef.current) {
      firstRef.current = false;
      return;
    }
    if (poppedRef.current) {
      poppedRef.current = false;
      return;
    }
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location]);
  return null;
}
