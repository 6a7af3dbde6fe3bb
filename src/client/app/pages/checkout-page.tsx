/** /checkout: the billing feature's page (the route wraps it in RequireAuth). */
export { default } from '#client/features/billing/components/checkout-page.tsx';
