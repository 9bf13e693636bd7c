// What the kiosk app shares with its screens: the enrolled tablet, the member signed in on it (if
// any), and the ways in and out of a member's session.
import { createContext, useContext } from 'react';
import type { KioskDevice, KioskMemberSession } from '../../lib/kiosk-session.ts';

export interface KioskContextValue {
  device: KioskDevice;
  member: KioskMemberSession | null;
  signedIn: (session: KioskMemberSession) => void;
  /** Ends the member's session and returns to the name list. */
  signOut: () => void;
}

export const KioskContext = createContext<KioskContextValue | null>(null);

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('useKiosk must be used inside the kiosk app');
  return value;
}
