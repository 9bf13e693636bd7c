// The loaded session, shared with every signed-in screen; the provider lives in app/.
import { createContext, useContext } from 'react';
import type { Session } from './types.ts';

export interface SessionContextValue extends Session {
  /** Loads the whole sequence again in the background (e.g. after a profile change). */
  refresh: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside the signed-in layout');
  return value;
}
