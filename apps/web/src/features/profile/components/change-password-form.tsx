// The person's own password change: current, new and the new one again. The shared schema checks
// the new one (length, not only spaces); the server also refuses a wrong current password and
// commonly used passwords, each shown under its field.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordRequest } from '@fieldops/shared/account';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, issuesToErrors, useFormState, type FormErrors } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
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
        const fieldErrors = error instanceof ApiError ? fieldErrorsToErrors<Values>(error.fieldErrors, FIELDS) : {};
        form.setErrors(fieldErrors);
        // A refusal that names no field (too many requests, no connection) is shown above.
        if (Object.keys(fieldErrors).length === 0) setFailure(error);
      },
    });
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    value: form.values[name],
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: errorOf(form.errors, name),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.password.formLabel')}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure, 'changePasswordFailed')}
          </Alert>
        ) : null}
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <PasswordField
          label={t('profile.password.new')}
          description={t('profile.password.newHint')}
          autoComplete="new-password"
          required
          {...field('newPassword')}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} leftSection={<IconLock size={18} />} fullWidth={fullWidth}>
            {submitLabel ?? t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
