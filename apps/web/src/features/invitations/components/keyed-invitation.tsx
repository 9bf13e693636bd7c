// An invitation opened by its link (`?key=` on the page's address), or by typing the key the
// business handed over. Accepting or declining it sends the key along; either way the key leaves
// the address afterwards. Used by the Invitations page and by the screen of a person without a business.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Account, MyInvitation } from '@fieldops/shared/account';
import { LoadingState } from '../../../components/loading-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { useForgetInvitationKey, useInvitationByKeyQuery } from '../api/open-invitation.ts';
import { InvitationList } from './invitation-list.tsx';

interface KeyedInvitationProps {
  onAccepted?: (account: Account, invitation: MyInvitation) => void;
}

export function KeyedInvitation({ onAccepted }: KeyedInvitationProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The address changes in a transition, after the answer's own updates: until then the answered
  // key is set aside here, so it is not looked up again.
  const [answered, setAnswered] = useState<string | null>(null);
  const typed = params.get('key')?.trim() || null;
  const key = typed === answered ? null : typed;
  const query = useInvitationByKeyQuery(key);
  const forgetKey = useForgetInvitationKey();
  // An answered invitation's link opens nothing any more: the key leaves the address and the cache.
  const forget = () => {
    setAnswered(key);
    if (key) forgetKey(key);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('key');
        return next;
      },
      { replace: true },
    );
  };

  if (!key) return <InvitationKeyForm onOpen={(typed) => setParams({ key: typed }, { replace: true })} />;
  if (query.isPending) return <LoadingState minHeight={120} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="sm">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('invitations.keyNotFoundTitle')}>
          {gone ? t('invitations.keyNotFoundText') : errorMessage(query.error, 'fetchInvitationsFailed')}
        </Alert>
        <InvitationKeyForm onOpen={(typed) => setParams({ key: typed }, { replace: true })} />
      </Stack>
    );
  }
  return (
    <InvitationList
      invitations={[query.data]}
      invitationKey={key}
      onAccepted={(account, invitation) => {
        forget();
        onAccepted?.(account, invitation);
      }}
      onDeclined={forget}
    />
  );
}

function InvitationKeyForm({ onOpen }: { onOpen: (key: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onOpen(typed.trim());
  };
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} ta="start">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 240px' }}
          label={t('invitations.keyLabel')}
          description={t('invitations.keyHint')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          dir="ltr"
          autoComplete="off"
          leftSection={<IconKey size={16} />}
        />
        <Button type="submit" variant="light" disabled={!typed.trim()}>
          {t('invitations.openKey')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t('invitations.keyPrivacy')}
      </Text>
    </Card>
  );
}
