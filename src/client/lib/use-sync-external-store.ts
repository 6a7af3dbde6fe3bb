/**
 * React 18+ has useSyncExternalStore built in; wouter still imports the pre-18 shim package.
 * vite.config.ts points that import here, so the shim's fallback code is not shipped.
 */
export { useSyncExternalStore } from 'react';
