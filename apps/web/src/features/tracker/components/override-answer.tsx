// "Count as given at the site" on an answer kept for its location, for the owner, the admins and
// the supervisors of its site: a reason (3 to 500 characters, checked by the server's own rule)
// in a dialog, then the answer counts and shows who counted it, when and why.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconMapPinCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { overrideRequest } from '@fieldops/shared/answers';
import { FormAlert } from '../../../components/form-alert.tsx';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useOverrideAnswerMutation } from '../api/override-answer.ts';

const REASON_MAX = 500;

export function OverrideAnswer({ answerId }: { answerId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const override = useOverrideAnswerMutation();
  const close = () => {
    setOpened(false);
    setInvalid(null);
    override.reset();
  };
  const send = () => {
    const parsed = overrideRequest.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setInvalid(null);
    override.mutate(
      { answerId, ...parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t('tracker.override.done'));
          close();
          setReason('');
        },
      },
    );
  };
  return (
    <>
      <Button size="xs" variant="light" color="teal" leftSection={<IconMapPinCheck size={14} aria-hidden />} onClick={() => setOpened(true)}>
        {t('tracker.override.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('tracker.override.title')} centered>
        <Stack>
          <FormAlert error={override.error} />
          <Textarea
            label={t('tracker.override.reasonLabel')}
            description={t('tracker.override.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={invalid}
            maxLength={REASON_MAX}
            required
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('tracker.override.cancel')}
            </Button>
            <Button onClick={send} loading={override.isPending}>
              {t('tracker.override.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
