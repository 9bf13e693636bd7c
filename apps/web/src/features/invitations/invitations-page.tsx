// /invitations: the businesses that invited the signed-in person, opened by the link (or key) a
// business handed over, and those listed to a proven address. Accepting one adds it to their
// businesses (the account menu switches between them) and offers to open it right away.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BusinessIdentity } from '@fieldops/shared/account';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { useSwitchBusiness } from '../../lib/session/use-switch-business.ts';
import { useMyInvitationsQuery } from '../../lib/session/api/get-my-invitations.ts';
import { InvitationList } from './components/invitation-list.tsx';
import { KeyedInvitation } from './components/keyed-invitation.tsx';

export function InvitationsPage() {
  const { t } = useTranslation();
  const query = useMyInvitationsQuery();
  const { account } = useSession();
  const switchBusiness = useSwitchBusiness();
  const [joined, setJoined] = useState<BusinessIdentity | null>(null);

  const onAccepted = (updated: typeof account) => {
    const known = new Set(account.businessIdentities.map((identity) => identity.businessId));
    setJoined(updated.businessIdentities.find((identity) => !known.has(identity.businessId)) ?? null);
  };

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchInvitationsFailed"
      isEmpty={(invitations) => invitations.length === 0}
      empty={<EmptyState withCard icon={<IconMailOpened size={28} />} title={t('invitations.emptyTitle')} description={t('invitations.emptyText')} />}
    >
      {(invitations) => <InvitationList invitations={invitations} onAccepted={onAccepted} />}
    </QueryGate>
  );

  return (
    <>
      <PageHeader title={t('invitations.title')} description={t('invitations.description')} />
      <Stack gap="md">
        {joined ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('invitations.joinedTitle', { business: joined.businessName })}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{t('invitations.joinedText')}</Text>
              <Button size="xs" variant="light" color="teal" leftSection={<IconArrowsExchange size={16} />} onClick={() => void switchBusiness(joined.apiKey)}>
                {t('invitations.open', { business: joined.businessName })}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <KeyedInvitation onAccepted={onAccepted} />
        {content}
      </Stack>
    </>
  );
}
