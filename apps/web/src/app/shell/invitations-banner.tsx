// A line at the top of every signed-in page while the person has pending invitations, leading to
// the Invitations page (not shown on that page itself, nor when the list cannot be read).
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useMyInvitationsQuery } from '../../lib/session/api/get-my-invitations.ts';
import { paths } from '../../lib/paths.ts';

export function InvitationsBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data } = useMyInvitationsQuery();
  if (!data?.length || pathname === paths.invitations) return null;

  const [only] = data;
  const text =
    only && data.length === 1 ? t('invitationsBanner.one', { business: only.businessName }) : t('invitationsBanner.many', { count: String(data.length) });
  return (
    <Alert color="indigo" variant="light" icon={<IconMail size={18} />} mb="lg" role="status" aria-live="polite">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {text}
        </Text>
        <Anchor component={Link} to={paths.invitations} size="sm" fw={600}>
          {t('invitationsBanner.view')}
        </Anchor>
      </Group>
    </Alert>
  );
}
