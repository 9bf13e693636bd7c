// The Profile page's "Two-factor sign-in": set up an authenticator app (QR code and key, then a
// code to confirm), see the recovery codes once, make new ones, or turn it off (with a current code
// or the password; not while a business requires it of the person's role).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { totpCode, type TotpEnrolment, type TwoFactorStatus } from '@fieldops/shared/two-factor';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { CodeInput } from '../../../components/two-factor/code-input.tsx';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes.tsx';
import { TotpSetup } from '../../../components/two-factor/totp-setup.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useConfirmEnrolmentMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useStartEnrolmentMutation,
  useTwoFactorStatusQuery,
} from '../api/two-factor.ts';

type Mode =
  { kind: 'idle' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] } | { kind: 'regenerate' } | { kind: 'disable' };

/** The field a refusal names (`code` or `password`), with its text, or null. */
function fieldRefusal(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const [first] = error.fieldErrors;
  return first ? { field: first.field.split('.').pop() ?? first.field, message: first.message } : null;
}

/** A code (or the password) and a submit: the three forms of the card share it. */
function ProofForm({
  label,
  submitLabel,
  danger = false,
  allowPassword = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  danger?: boolean;
  allowPassword?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (proof: { code: string } | { password: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const refusal = fieldRefusal(error);
  const fieldText = invalid ?? (refusal ? refusal.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withPassword) {
      if (!value) return setInvalid(MSG.required);
      setInvalid(null);
      return onSubmit({ password: value });
    }
    const parsed = totpCode.safeParse(value);
    if (!parsed.success) return setInvalid(MSG.twoFactorCodeInvalid);
    setInvalid(null);
    onSubmit({ code: parsed.data });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm" maw={420}>
        <FormAlert error={refusal ? null : error} />
        {withPassword ? (
          <PasswordField
            label={t('profile.password.current')}
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldText ? translateMessage(fieldText) : undefined}
            autoFocus
          />
        ) : (
          <CodeInput
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldText ? translateMessage(fieldText) : undefined}
            autoFocus
          />
        )}
        {allowPassword ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setWithPassword((current) => !current);
              setValue('');
              setInvalid(null);
            }}
          >
            {withPassword ? t('profile.twoFactor.useCode') : t('profile.twoFactor.usePassword')}
          </Anchor>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={pending} color={danger ? 'red' : undefined}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TwoFactorBody({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const start = useStartEnrolmentMutation();
  const confirm = useConfirmEnrolmentMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const disable = useDisableTwoFactorMutation();
  const idle = () => {
    for (const mutation of [start, confirm, regenerate, disable]) mutation.reset();
    setMode({ kind: 'idle' });
  };

  const codeOnly = (proof: { code: string } | { password: string }) => ('code' in proof ? proof.code : '');

  switch (mode.kind) {
    case 'codes':
      return <RecoveryCodes codes={mode.codes} onDone={idle} />;
    case 'enrolling':
      return (
        <Stack gap="md">
          <TotpSetup enrolment={mode.enrolment} />
          <Title order={3} fz="md">
            {t('profile.twoFactor.confirmTitle')}
          </Title>
          <ProofForm
            label={t('profile.twoFactor.confirmTitle')}
            submitLabel={t('profile.twoFactor.turnOn')}
            pending={confirm.isPending}
            error={confirm.error}
            onSubmit={(proof) =>
              confirm.mutate({ code: codeOnly(proof) }, { onSuccess: ({ recoveryCodes }) => setMode({ kind: 'codes', codes: recoveryCodes }) })
            }
            onCancel={idle}
          />
        </Stack>
      );
    case 'regenerate':
      return (
        <Stack gap="sm">
          <Text size="sm">{t('profile.twoFactor.regenerateText')}</Text>
          <ProofForm
            label={t('profile.twoFactor.regenerate')}
            submitLabel={t('profile.twoFactor.regenerate')}
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={(proof) =>
              regenerate.mutate({ code: codeOnly(proof) }, { onSuccess: ({ recoveryCodes }) => setMode({ kind: 'codes', codes: recoveryCodes }) })
            }
            onCancel={idle}
          />
        </Stack>
      );
    case 'disable':
      return (
        <Stack gap="sm">
          <Text size="sm">{t('profile.twoFactor.disableText')}</Text>
          <ProofForm
            label={t('profile.twoFactor.turnOff')}
            submitLabel={t('profile.twoFactor.turnOff')}
            danger
            allowPassword
            pending={disable.isPending}
            error={disable.error}
            onSubmit={(proof) =>
              disable.mutate(proof, {
                onSuccess: () => {
                  notifySuccess(translateMessage(MSG.twoFactorDisabled));
                  idle();
                },
              })
            }
            onCancel={idle}
          />
        </Stack>
      );
    case 'idle':
      break;
  }

  if (!status.enabled) {
    return (
      <Stack gap="sm" align="flex-start">
        {status.required ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('profile.twoFactor.requiredOff')}
          </Alert>
        ) : null}
        <FormAlert error={start.error} />
        <Button
          leftSection={<IconShieldLock size={18} />}
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: (enrolment) => setMode({ kind: 'enrolling', enrolment }) })}
        >
          {t('profile.twoFactor.setUp')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('profile.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</Text>
      {status.required ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {translateMessage(MSG.twoFactorRequiredByBusiness)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="default" onClick={() => setMode({ kind: 'regenerate' })}>
          {t('profile.twoFactor.regenerate')}
        </Button>
        {status.required ? null : (
          <Button color="red" variant="light" onClick={() => setMode({ kind: 'disable' })}>
            {t('profile.twoFactor.turnOff')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function TwoFactorCard() {
  const { t } = useTranslation();
  const query = useTwoFactorStatusQuery();
  let badge: ReactNode = null;
  if (query.data) {
    badge = (
      <Badge color={query.data.enabled ? 'teal' : 'gray'} variant="light">
        {query.data.enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
      </Badge>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-two-factor-title">
      <Stack gap="md">
        <div>
          <Group gap="sm">
            <Title order={2} fz="h4" id="profile-two-factor-title">
              {t('profile.twoFactor.title')}
            </Title>
            {badge}
          </Group>
          <Text size="sm" c="dimmed">
            {t('profile.twoFactor.text')}
          </Text>
        </div>
        <QueryGate query={query} fallbackKey="fetchTwoFactorFailed">
          {(status) => <TwoFactorBody status={status} />}
        </QueryGate>
      </Stack>
    </Card>
  );
}
