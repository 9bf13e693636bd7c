// The root of the kiosk app (/kiosk): a full-screen frame without the app's sidebar. It holds the
// tablet's device token and the member signed in on it, gives the API client the kiosk's
// credentials, and answers its 401s: a revoked or unknown tablet shows that it must be enrolled
// again (its token forgotten), any other ends the member's session and returns to the name list.
import '../../lib/styles/full.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import {
  forgetKioskDevice,
  readKioskDevice,
  setKioskCredentials,
  setKioskUnauthorizedHandler,
  type KioskDevice,
  type KioskMemberSession,
} from '../../lib/kiosk-session.ts';
import { resetCachedData } from '../../lib/cache-reset.ts';
import { paths } from '../../lib/paths.ts';
import { kioskSignOut } from './api/kiosk-sign-out.ts';
import { EnrolAgain } from './components/enrol-again.tsx';
import { KioskContext, type KioskContextValue } from './kiosk-context.ts';

const DEVICE_GONE: readonly string[] = [MSG.kioskRevoked, MSG.kioskNotEnrolled];

export function KioskRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const [device, setDevice] = useState<KioskDevice | null>(readKioskDevice);
  const [member, setMember] = useState<KioskMemberSession | null>(null);
  const [gone, setGone] = useState(false);
  const enrolling = location.pathname === paths.kioskEnrol();

  // Set while rendering, before any screen below asks the server for something.
  const credentials = device ? { deviceToken: device.token, member } : null;
  setKioskCredentials(credentials);
  const latest = useRef(credentials);
  latest.current = credentials;

  const endMember = useCallback(() => {
    setMember(null);
    setKioskCredentials(device ? { deviceToken: device.token, member: null } : null);
    // Nothing one member saw stays for the next.
    resetCachedData();
    void navigate(paths.kiosk, { replace: true });
  }, [device, navigate]);

  useEffect(() => {
    setKioskUnauthorizedHandler((message) => {
      if (message && DEVICE_GONE.includes(message)) {
        forgetKioskDevice();
        setDevice(null);
        setMember(null);
        setGone(true);
        resetCachedData();
        return;
      }
      endMember();
    });
    return () => setKioskUnauthorizedHandler(() => undefined);
  }, [endMember]);
  // Only when the kiosk app closes: in between, each render has set the credentials already.
  useEffect(() => {
    setKioskCredentials(latest.current);
    return () => setKioskCredentials(null);
  }, []);

  const value = useMemo<KioskContextValue | null>(
    () =>
      device
        ? {
            device,
            member,
            signedIn: (session) => {
              setGone(false);
              setMember(session);
            },
            signOut: () => {
              if (member) void kioskSignOut().catch(() => undefined);
              endMember();
            },
          }
        : null,
    [device, member, endMember],
  );

  const enrolled = (next: KioskDevice) => {
    setGone(false);
    setDevice(next);
    void navigate(paths.kiosk, { replace: true });
  };

  let content;
  if (enrolling) content = <Outlet context={enrolled} />;
  else if (gone) content = <EnrolAgain />;
  else if (!value) content = <Navigate to={paths.kioskEnrol()} replace />;
  else
    content = (
      <KioskContext.Provider value={value}>
        <Outlet />
      </KioskContext.Provider>
    );

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      {content}
    </Box>
  );
}
