// /kiosk: the name list of the tablet's site. A member finds their name (by search when the list
// is long), taps it and signs in with their PIN on the pad, then goes to their schedules.
import { useState } from 'react';
import { Container, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { KioskMember } from '@fieldops/shared/kiosks';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useKioskMembersQuery } from './api/get-kiosk-members.ts';
import { useKioskSignInMutation } from './api/kiosk-sign-in.ts';
import { KioskHeader } from './components/kiosk-header.tsx';
import { MemberTile } from './components/member-tile.tsx';
import { PinPad, usePinError } from './components/pin-pad.tsx';
import { useWaitingAnswers } from './components/use-waiting-answers.ts';
import { useKiosk } from './kiosk-context.ts';

export function KioskNamesPage() {
  const { t } = useTranslation();
  const kiosk = useKiosk();
  const navigate = useNavigate();
  const query = useKioskMembersQuery();
  const waiting = useWaitingAnswers();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<KioskMember | null>(null);
  const signIn = useKioskSignInMutation();
  const pinError = usePinError(signIn.error);
  useDocumentTitle(t('kiosk.names.title'));

  const pick = (member: KioskMember) => {
    signIn.reset();
    setPicked(member);
  };
  const submit = (pin: string) => {
    if (!picked) return;
    signIn.mutate(
      { userId: picked.id, pin },
      {
        onSuccess: (session) => {
          kiosk.signedIn(session);
          void navigate(paths.kioskTracker);
        },
      },
    );
  };

  const term = search.trim().toLocaleLowerCase();
  return (
    <>
      <KioskHeader device={kiosk.device} title={t('kiosk.names.title')} />
      <Container size="lg" py="lg" component="main">
        <Stack gap="lg">
          <TextInput
            label={t('kiosk.names.search')}
            size="lg"
            leftSection={<IconSearch size={20} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
            autoComplete="off"
          />
          <QueryGate
            query={query}
            fallbackKey="unknownError"
            isEmpty={(members) => members.length === 0}
            empty={<EmptyState withCard icon={<IconUsers size={28} />} title={t('kiosk.names.noMembers')} />}
          >
            {(members) => {
              const shown = term ? members.filter((member) => member.name.toLocaleLowerCase().includes(term)) : members;
              if (shown.length === 0) return <Text ta="center">{t('kiosk.names.empty')}</Text>;
              return (
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {shown.map((member) => (
                    <li key={member.id}>
                      <MemberTile member={member} waiting={waiting.get(member.id) ?? 0} onPick={pick} />
                    </li>
                  ))}
                </SimpleGrid>
              );
            }}
          </QueryGate>
        </Stack>
      </Container>
      <Modal opened={picked !== null} onClose={() => setPicked(null)} title={picked ? t('kiosk.pin.title', { name: picked.name }) : ''} centered size="md">
        {picked ? <PinPad pending={signIn.isPending} error={pinError} onSubmit={submit} onCancel={() => setPicked(null)} /> : null}
      </Modal>
    </>
  );
}
