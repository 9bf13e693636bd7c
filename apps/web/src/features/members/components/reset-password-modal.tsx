// An admin's password reset for an account this business created: a new password (twice). The
// member's sessions end and they choose their own at their next sign-in. A refusal (another
// business's account too, an administrator without being the owner) shows the server's reason.
import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { IconPassword } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { resetPasswordRequest, type Member } from '@fieldops/shared/account';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useFormState } from '../../../lib/form.ts';
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
          if (Object.keys(form.showFieldErrors(error)).length === 0) setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('members.resetPassword.text', { name: member.fullName || member.username })}</Text>
        <FormAlert error={failure} fallbackKey="resetPasswordFailed" />
        <PasswordField
          label={t('members.resetPassword.password')}
          description={t('members.resetPassword.hint')}
          autoComplete="new-password"
          required
          data-autofocus
          {...form.field('password')}
        />
        <PasswordField label={t('members.resetPassword.confirm')} autoComplete="new-password" required {...form.field('confirmPassword')} />
        <FormActions
          submitLabel={t('members.resetPassword.submit')}
          pending={reset.isPending}
          onCancel={onClose}
          icon={<IconPassword size={16} />}
          color="red"
        />
      </Stack>
    </form>
  );
}
