// The shell of the signed-in app: the session behind the splash, then the navigation around the
// page. Its own chunk, so the sign-in page does not carry it.
import '../lib/styles/full.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { SessionGate } from './session-gate.tsx';

export function SignedInLayout() {
  return (
    <SessionGate>
      <AppLayout />
    </SessionGate>
  );
}
