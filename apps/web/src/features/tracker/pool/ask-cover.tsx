// "Ask for cover" on the member's own open schedule: a reason if they like, then colleagues of
// the site see the request (cover-requests-panel.tsx) until one accepts or a manager assigns one.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COVER_REASON_MAX } from '@fieldops/shared/pool';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAskCoverMutation } from '../api/cover-requests.ts';

export function AskCover({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const ask = useAskCoverMutation(scheduleId);
  const send = () =>
    ask.mutate(
      { reason: reason.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t('pool.cover.asked'));
          setOpened(false);
          setReason('');
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  return (
    <>
      <Button variant="default" leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('pool.cover.ask')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('pool.cover.askTitle')}>
        <Stack>
          <Textarea
            label={t('pool.cover.reasonLabel')}
            description={t('pool.cover.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={COVER_REASON_MAX}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('pool.cover.cancel')}
            </Button>
            <Button onClick={send} loading={ask.isPending}>
              {t('pool.cover.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
