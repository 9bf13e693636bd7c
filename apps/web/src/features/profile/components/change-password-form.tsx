// The person's own password change: current, new and the new one again. The shared schema checks
// the new one (length, not only spaces); the server also refuses a wrong current password and
// commonly used passwords, each shown under its field.
import { useState, type FormEvent } from 'react';
import { Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordRequest } from '@fieldops/shared/account';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { issuesToErrors, useFormState, type FormErrors } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

interface ChangePasswordFormProps {
  /** After the change succeeded (the toast is already shown). */
  onChanged?: () => void;
  submitLabel?: string;
  /** Stretch the button across the form (the choose-password screen). */
  fullWidth?: boolean;
}

export function ChangePasswordForm({ onChanged, submitLabel, fullWidth = false }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const form = useFormState<Values>(EMPTY);
  const change = useChangePasswordMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { confirmPassword, ...body } = form.values;
    const parsed = changePasswordRequest.safeParse(body);
    const errors: FormErrors<Values> = parsed.success ? {} : issuesToErrors<Values>(parsed.error.issues);
    if (confirmPassword !== body.newPassword && !errors.newPassword) {
      errors.confirmPassword = t('profile.password.mismatch');
    }
    if (!parsed.success || errors.confirmPassword) {
      form.setErrors(errors);
      return;
    }
    form.setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('messages.passwordChanged'));
        form.setValues(EMPTY);
        onChanged?.();
      },
      onError: (error) => {
        // A refusal that names no field (too many requests, no connection) is shown above.
        if (Object.keys(form.showFieldErrors(error)).length === 0) setFailure(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.password.formLabel')}>
      <Stack gap="md">
        <FormAlert error={failure} fallbackKey="changePasswordFailed" />
        <PasswordField label={t('profile.password.current')} autoComplete="current-password" required {...form.field('currentPassword')} />
        <PasswordField
          label={t('profile.password.new')}
          description={t('profile.password.newHint')}
          autoComplete="new-password"
          required
          {...form.field('newPassword')}
        />
        <PasswordField label={t('profile.password.confirm')} autoComplete="new-password" required {...form.field('confirmPassword')} />
        <FormActions submitLabel={submitLabel ?? t('profile.password.submit')} pending={change.isPending} icon={<IconLock size={18} />} fullWidth={fullWidth} />
      </Stack>
    </form>
  );
}
