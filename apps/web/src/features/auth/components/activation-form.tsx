// The invited member's name and password, which activate the account. Every field is required,
// so no field carries an asterisk.
import { type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activateRequest, type ActivationDetail } from '@fieldops/shared/account';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorsToErrors, useFormState } from '../../../lib/form.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import type { ActivateResponse } from '@fieldops/shared/account';
import { useActivateMutation } from '../api/activate.ts';

const FIELDS = ['name', 'password', 'confirmPassword'] as const;

interface ActivationFormProps {
  activationKey: string;
  detail: ActivationDetail;
  onActivated: (result: ActivateResponse) => void;
}

export function ActivationForm({ activationKey, detail, onActivated }: ActivationFormProps) {
  const { t } = useTranslation();
  const form = useFormState({ name: detail.fullName, password: '', confirmPassword: '' });
  const activate = useActivateMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(activateRequest, { key: activationKey, ...form.values });
    if (!body) return;
    if (form.values.password !== form.values.confirmPassword) {
      form.setErrors({ confirmPassword: t('activation.passwordMismatch') });
      return;
    }
    activate.mutate(body, {
      onSuccess: onActivated,
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(fieldErrorsToErrors(error.fieldErrors, FIELDS));
      },
    });
  };

  const fieldError = (name: (typeof FIELDS)[number]) => {
    const message = form.errors[name];
    return message ? translateMessage(message) : undefined;
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {activate.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(activate.error, 'unknownError')}
          </Alert>
        ) : null}
        <TextInput label={t('activation.username')} value={detail.username} readOnly variant="filled" />
        <TextInput label={t('activation.email')} value={detail.email} readOnly variant="filled" />
        <TextInput
          label={t('activation.name')}
          autoComplete="name"
          required
          withAsterisk={false}
          value={form.values.name}
          onChange={(event) => form.setValue('name', event.currentTarget.value)}
          error={fieldError('name')}
        />
        <PasswordField
          label={t('activation.password')}
          description={t('onboarding.passwordHint')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={fieldError('password')}
        />
        <PasswordField
          label={t('activation.confirmPassword')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={form.values.confirmPassword}
          onChange={(event) => form.setValue('confirmPassword', event.currentTarget.value)}
          error={fieldError('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={activate.isPending}>
          {t('activation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
