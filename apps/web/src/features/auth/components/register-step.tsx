// Onboarding step 1: create the user, then sign in as them. Every field is required, so no
// field carries an asterisk.
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerRequest } from '@fieldops/shared/account';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useFormState } from '../../../lib/form.ts';
import { setToken } from '../../../lib/storage.ts';
import { authenticate } from '../api/authenticate.ts';
import type { RegisterResponse } from '@fieldops/shared/account';
import { useRegisterMutation } from '../api/register.ts';
import { useOnboardingFailure } from './use-onboarding-failure.ts';

export function RegisterStep({ onDone }: { onDone: (userId: number) => void }) {
  const { t } = useTranslation();
  const form = useFormState({ username: '', fullName: '', email: '', password: '' });
  const register = useRegisterMutation();
  // Once the user exists, a retry only signs in again.
  const [created, setCreated] = useState<RegisterResponse | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const failure = useOnboardingFailure(form.showFieldErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    failure.clearServerError();
    const body = form.validate(registerRequest);
    if (!body) return;
    try {
      const user = created ?? (await register.mutateAsync(body));
      setCreated(user);
      setSigningIn(true);
      const answer = await authenticate({ username: body.username, password: body.password }).finally(() => setSigningIn(false));
      // A new account has no authenticator and no business yet, so its sign-in needs no second step.
      if (!('id_token' in answer)) throw new Error('A second sign-in step for a new account');
      setToken(answer.id_token);
      onDone(user.id);
    } catch (error) {
      failure.fail(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <FormAlert error={failure.serverError} fallbackKey="onboardingFailed" />
        <TextInput label={t('onboarding.fullName')} autoComplete="name" required withAsterisk={false} {...form.field('fullName')} />
        <TextInput
          label={t('onboarding.username')}
          description={t('onboarding.usernameHint')}
          autoComplete="username"
          required
          withAsterisk={false}
          disabled={Boolean(created)}
          {...form.field('username')}
        />
        <TextInput
          type="email"
          label={t('onboarding.email')}
          autoComplete="email"
          required
          withAsterisk={false}
          disabled={Boolean(created)}
          {...form.field('email')}
        />
        <PasswordField
          label={t('onboarding.password')}
          description={t('onboarding.passwordHint')}
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.field('password')}
        />
        <Button type="submit" fullWidth loading={register.isPending || signingIn}>
          {t('onboarding.createAccount')}
        </Button>
      </Stack>
    </form>
  );
}
