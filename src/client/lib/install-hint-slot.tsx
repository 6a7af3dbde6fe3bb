import { createContext, useContext, type ReactNode } from 'react';

/** Where the page puts the install offer (features/pwa) inside another feature's UI (chat's welcome card). */
const InstallHintSlot = createContext<ReactNode>(null);
export const InstallHintProvider = InstallHintSlot.Provider;
export function useInstallHint(): ReactNode {
  return useContext(InstallHintSlot);
}
