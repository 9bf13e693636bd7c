// Onboarding step 1: create the user, then sign in as them. Every field is required, so no
// field carries an asterisk.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { registerRequest } from '@fieldops/shared/account';
import { PasswordField } from '../../../components/password-field.tsx';
import { useFormState } from '../../../lib/form.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { setToken } from '../../../lib/storage.ts';
import { authenticate } from '../api/authenticate.ts';
import type { RegisterResponse } from '@fieldops/shared/account';
import { useRegisterMutation } from '../api/register.ts';
import { useOnboardingFailure } from './use-onboarding-failure.ts';

const FIELDS = ['username', 'fullName', 'email', 'password'] as const;

export function RegisterStep({ onDone }: { onDone: (userId: number) => void }) {
  const { t } = useTranslation();
  const form = useFormState({ username: '', fullName: '', email: '', password: '' });
  const register = useRegisterMutation();
  // Once the user exists, a retry only signs in again.
  const [created, setCreated] = useState<RegisterResponse | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const failure = useOnboardingFailure<typeof form.values>(FIELDS, form.setErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    failure.clearServerError();
    const body = form.validate(registerRequest);
    if (!body) return;
    try {
      const user = created ?? (await register.mutateAsync(body));
      setCreated(user);
      setSigningIn(true);
      const { id_token } = await authenticate({ username: body.username, password: body.password }).finally(() => setSigningIn(false));
      setToken(id_token);
      onDone(user.id);
    } catch (error) {
      failure.fail(error);
    }
  };

  const fieldError = (name: (typeof FIELDS)[number]) => {
    const message = form.errors[name];
    return message ? translateMessage(message) : undefined;
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {failure.serverError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure.serverError, 'onboardingFailed')}
          </Alert>
        ) : null}
        <TextInput
          label={t('onboarding.fullName')}
          autoComplete="name"
          required
          withAsterisk={false}
          value={form.values.fullName}
          onChange={(event) => form.setValue('fullName', event.currentTarget.value)}
          error={fieldError('fullName')}
        />
        <TextInput
          label={t('onboarding.username')}
          description={t('onboarding.usernameHint')}
          autoComplete="username"
          required
          withAsterisk={false}
          disabled={Boolean(created)}
          value={form.values.username}
          onChange={(event) => form.setValue('username', event.currentTarget.value)}
          error={fieldError('username')}
        />
        <TextInput
          type="email"
          label={t('onboarding.email')}
          autoComplete="email"
          required
          withAsterisk={false}
          disabled={Boolean(created)}
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.currentTarget.value)}
          error={fieldError('email')}
        />
        <PasswordField
          label={t('onboarding.password')}
          description={t('onboarding.passwordHint')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={fieldError('password')}
        />
        <Button type="submit" fullWidth loading={register.isPending || signingIn}>
          {t('onboarding.createAccount')}
        </Button>
      </Stack>
    </form>
  );
}
