// /forgot-password: a person who forgot their password asks for a link by e-mail. Whatever the
// address, the answer reads the same (the server never tells whether an account uses it); only a
// failure to ask at all (no connection, asked too often) is said as such.
import '../../lib/styles/full.ts';
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { passwordResetRequest } from '@fieldops/shared/notifications';
import { FormAlert } from '../../components/form-alert.tsx';
import { useFormState } from '../../lib/form.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRequestPasswordResetMutation } from './api/request-password-reset.ts';
import { AuthLayout } from './components/auth-layout.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormState({ email: '' });
  const ask = useRequestPasswordResetMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useDocumentTitle(t('passwordReset.forgotTitle'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(passwordResetRequest, { email: form.values.email.trim() });
    if (!body) return;
    ask.mutate(body, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (Object.keys(form.showFieldErrors(error)).length === 0) setFailure(error);
      },
    });
  };

  const backToSignIn = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login} fw={600}>
        {t('passwordReset.backToSignIn')}
      </Anchor>
    </Text>
  );

  return (
    <AuthLayout title={t('passwordReset.forgotTitle')} subtitle={sent ? undefined : t('passwordReset.forgotSubtitle')}>
      {sent ? (
        <Stack gap="md">
          {/* A status message: read out without taking the focus (WCAG 4.1.3). */}
          <Alert color="teal" icon={<IconMailForward size={18} />} role="status">
            {t('messages.resetLinkSent')}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('passwordReset.checkSpam')}
          </Text>
          {backToSignIn}
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert error={failure} fallbackKey="unknownError" />
            <TextInput
              label={t('passwordReset.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              withAsterisk={false}
              autoFocus
              {...form.field('email')}
            />
            <Button type="submit" fullWidth loading={ask.isPending}>
              {t('passwordReset.sendLink')}
            </Button>
            {backToSignIn}
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
