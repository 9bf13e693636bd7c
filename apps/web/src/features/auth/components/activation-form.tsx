// The invited member's name and password, which activate the account, and the PIN they may choose
// for their site's shared kiosk. Every field but the PIN is required, so no field carries an
// asterisk.
import { type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { activateRequest, type ActivationDetail } from '@fieldops/shared/account';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useFormState } from '../../../lib/form.ts';
import type { ActivateResponse } from '@fieldops/shared/account';
import { useActivateMutation } from '../api/activate.ts';

interface ActivationFormProps {
  activationKey: string;
  detail: ActivationDetail;
  onActivated: (result: ActivateResponse) => void;
}

export function ActivationForm({ activationKey, detail, onActivated }: ActivationFormProps) {
  const { t } = useTranslation();
  const form = useFormState({ name: detail.fullName, password: '', confirmPassword: '', pin: '' });
  const activate = useActivateMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { pin, ...values } = form.values;
    const body = form.validate(activateRequest, { key: activationKey, ...values, pin: pin.trim() || undefined });
    if (!body) return;
    if (form.values.password !== form.values.confirmPassword) {
      form.setErrors({ confirmPassword: t('activation.passwordMismatch') });
      return;
    }
    activate.mutate(body, {
      onSuccess: onActivated,
      onError: form.showFieldErrors,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert error={activate.error} fallbackKey="unknownError" />
        <TextInput label={t('activation.username')} value={detail.username} readOnly variant="filled" />
        <TextInput label={t('activation.email')} value={detail.email} readOnly variant="filled" />
        <TextInput label={t('activation.name')} autoComplete="name" required withAsterisk={false} {...form.field('name')} />
        <PasswordField
          label={t('activation.password')}
          description={t('onboarding.passwordHint')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.field('password')}
        />
        <PasswordField label={t('activation.confirmPassword')} autoComplete="new-password" required withAsterisk={false} {...form.field('confirmPassword')} />
        <TextInput
          label={t('activation.pin')}
          description={t('activation.pinHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          {...form.field('pin')}
        />
        <Button type="submit" fullWidth loading={activate.isPending}>
          {t('activation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
