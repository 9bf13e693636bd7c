// An admin's password reset for an account this business created: a new password (twice). The
// member's sessions end and they choose their own at their next sign-in. A refusal (another
// business's account too, an administrator without being the owner) shows the server's reason.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPassword } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resetPasswordRequest, type Member } from '@fieldops/shared/account';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useResetPasswordMutation } from '../api/reset-password.ts';

interface ResetPasswordModalProps {
  member: Member | null;
  onClose: () => void;
}

export function ResetPasswordModal({ member, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('members.resetPassword.title')} centered>
      {member ? <ResetPasswordForm member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function ResetPasswordForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useFormState({ password: '', confirmPassword: '' });
  const reset = useResetPasswordMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(resetPasswordRequest, { password: form.values.password });
    if (!body) return;
    if (form.values.confirmPassword !== form.values.password) {
      form.setErrors({ confirmPassword: t('members.resetPassword.mismatch') });
      return;
    }
    reset.mutate(
      { userId: member.userId, body },
      {
        onSuccess: () => {
          notifySuccess(t('messages.passwordReset'));
          onClose();
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? fieldErrorsToErrors<typeof form.values>(error.fieldErrors, ['password']) : {};
          form.setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0) setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('members.resetPassword.text', { name: member.fullName || member.username })}</Text>
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure, 'resetPasswordFailed')}
          </Alert>
        ) : null}
        <PasswordField
          label={t('members.resetPassword.password')}
          description={t('members.resetPassword.hint')}
          autoComplete="new-password"
          required
          data-autofocus
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={errorOf(form.errors, 'password')}
        />
        <PasswordField
          label={t('members.resetPassword.confirm')}
          autoComplete="new-password"
          required
          value={form.values.confirmPassword}
          onChange={(event) => form.setValue('confirmPassword', event.currentTarget.value)}
          error={errorOf(form.errors, 'confirmPassword')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reset.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={reset.isPending} leftSection={<IconPassword size={16} />}>
            {t('members.resetPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
