// The frame of a member's time on the kiosk (/kiosk/tracker…): their name, "Done / sign out", the
// answers of theirs still waiting on the tablet, and the tracker's session made for them. Their
// waiting answers are sent now and whenever the network returns, with their own session only.
// After a minute without a touch they are signed out, warned in the last ten seconds.
import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconClockHour4, IconCloudUpload, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { useOnline } from '../../lib/network-status.ts';
import { flushOutbox } from '../../lib/offline/outbox.ts';
import { pageTransport } from '../../lib/offline/outbox-transport.ts';
import { paths } from '../../lib/paths.ts';
import { SessionContext } from '../../lib/session/session-context.ts';
import { useRefreshSchedules } from './api/refresh-after-send.ts';
import { KioskHeader } from './components/kiosk-header.tsx';
import { useIdleCountdown } from './components/use-idle-countdown.ts';
import { useWaitingAnswers } from './components/use-waiting-answers.ts';
import { useKiosk } from './kiosk-context.ts';
import { kioskMemberSession } from './kiosk-member-session.ts';

function useSendWaiting(userId: number) {
  const refresh = useRefreshSchedules();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    void flushOutbox(pageTransport, userId)
      .then((summary) => {
        if (summary.sent > 0) refresh();
      })
      .catch(() => undefined);
  }, [online, userId, refresh]);
}

function SignedInKiosk() {
  const { t, i18n } = useTranslation();
  const kiosk = useKiosk();
  const member = kiosk.member;
  const memberId = member?.member.id ?? 0;
  const session = useMemo(() => (member ? kioskMemberSession(kiosk.device, member) : null), [kiosk.device, member]);
  const secondsLeft = useIdleCountdown(kiosk.signOut);
  const waiting = useWaitingAnswers().get(memberId) ?? 0;
  const online = useOnline();
  const language = currentLanguage(i18n);
  useSendWaiting(memberId);

  if (!member || !session) return <Navigate to={paths.kiosk} replace />;
  return (
    <SessionContext.Provider value={session}>
      <KioskHeader
        device={kiosk.device}
        title={member.member.name}
        actions={
          <Button size="lg" color="red" leftSection={<IconLogout size={20} />} onClick={kiosk.signOut}>
            {t('kiosk.member.done')}
          </Button>
        }
      />
      <Container size="md" py="lg" component="main">
        {secondsLeft !== null ? (
          <Alert color="yellow" icon={<IconClockHour4 size={20} />} title={t('kiosk.idle.title')} mb="md" role="alert">
            <Group justify="space-between" gap="sm">
              <Text>{t('kiosk.idle.text', { count: formatNumber(secondsLeft, language) })}</Text>
              <Button variant="default" size="md">
                {t('kiosk.idle.stay')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {waiting > 0 ? (
          <Alert color="orange" icon={<IconCloudUpload size={20} />} mb="md" data-testid="kiosk-waiting">
            {t('kiosk.member.waiting', { count: formatNumber(waiting, language) })}
            {!online ? <Text size="sm">{t('kiosk.member.offline')}</Text> : null}
          </Alert>
        ) : null}
        <Box>
          <Outlet />
        </Box>
      </Container>
    </SessionContext.Provider>
  );
}

export function KioskMemberLayout() {
  const kiosk = useKiosk();
  // A new member starts afresh: nothing of the last one's screens is kept.
  return <SignedInKiosk key={kiosk.member?.member.id ?? 0} />;
}
