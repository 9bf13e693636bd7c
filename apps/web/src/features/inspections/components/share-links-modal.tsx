// The links that share this report with people who do not sign in: a new link that works for a
// number of days (its address shown this once, to copy), and every link made so far, live,
// expired or revoked, each live one with its Revoke (asked first).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INSPECTION_SHARE_DEFAULT_DAYS, INSPECTION_SHARE_MAX_DAYS } from '@fieldops/shared/limits';
import { inspectionShareRequest, type InspectionShareCreated } from '@fieldops/shared/inspections';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CopyLinkField } from '../../../components/copy-link-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateInspectionShareMutation } from '../api/create-inspection-share.ts';
import { useRevokeInspectionShareMutation } from '../api/revoke-inspection-share.ts';
import { ShareList, type ShareToRevoke } from './share-list.tsx';

interface ShareLinksModalProps {
  scheduleId: number;
  opened: boolean;
  onClose: () => void;
}

/** The address as the person will paste it: whole, with the site's origin when the server gave a path. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

export function ShareLinksModal({ scheduleId, opened, onClose }: ShareLinksModalProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<InspectionShareCreated | null>(null);
  const [revoking, setRevoking] = useState<ShareToRevoke | null>(null);
  const revoke = useRevokeInspectionShareMutation(scheduleId);
  const time = useBusinessTime();

  const close = () => {
    // The new link's address is not shown again.
    setCreated(null);
    onClose();
  };
  const closeRevoke = () => {
    revoke.reset();
    setRevoking(null);
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        if (created?.id === revoking.id) setCreated(null);
        notifySuccess(t('inspections.share.revoked'));
        closeRevoke();
      },
    });
  };

  return (
    <>
      <Modal opened={opened && revoking === null} onClose={close} title={t('inspections.share.title')} size="lg" centered>
        {opened ? (
          <Stack gap="md">
            <Text size="sm">{t('inspections.share.intro')}</Text>
            <CreateShareForm scheduleId={scheduleId} onCreated={setCreated} />
            {created ? (
              <Alert color="teal" variant="light" icon={<IconLink size={18} />} title={t('inspections.share.created')}>
                <Stack gap="xs">
                  <CopyLinkField label={t('inspections.share.newLink')} link={absolute(created.url)} />
                  <Text size="sm">{t('inspections.share.onceHint', { time: time.dateTime(created.expiresAt) })}</Text>
                </Stack>
              </Alert>
            ) : null}
            <Title order={3} fz="h5">
              {t('inspections.share.listTitle')}
            </Title>
            <ShareList scheduleId={scheduleId} onRevoke={setRevoking} />
          </Stack>
        ) : null}
      </Modal>
      <ConfirmModal
        opened={revoking !== null}
        title={t('inspections.share.revokeTitle')}
        message={t('inspections.share.revokeText')}
        confirmLabel={t('inspections.share.revoke')}
        onConfirm={confirmRevoke}
        onClose={closeRevoke}
        loading={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
      />
    </>
  );
}

function CreateShareForm({ scheduleId, onCreated }: { scheduleId: number; onCreated: (share: InspectionShareCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateInspectionShareMutation(scheduleId);
  const form = useFormState<{ days: number | string }>({ days: INSPECTION_SHARE_DEFAULT_DAYS });
  const [refusal, setRefusal] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const days = form.values.days === '' ? undefined : Number(form.values.days);
    const body = form.validate(inspectionShareRequest, { days });
    if (!body) return;
    setRefusal(null);
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        const named = form.showFieldErrors(error);
        if (Object.keys(named).length === 0) setRefusal(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <FormAlert error={refusal} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('inspections.share.days')}
            description={t('inspections.share.daysHint', { max: INSPECTION_SHARE_MAX_DAYS })}
            min={1}
            max={INSPECTION_SHARE_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            // A number past the limits is said to be, not quietly changed.
            clampBehavior="none"
            w={200}
            {...form.field('days')}
          />
          <Button type="submit" loading={create.isPending} leftSection={<IconLink size={16} />}>
            {t('inspections.share.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
