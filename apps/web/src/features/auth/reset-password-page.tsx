// /reset-password?token=…: the page a password-reset e-mail links to. The new password twice;
// once set, sign-in opens with a line saying so. A link that expired, was used or never existed
// says so, with a way to ask for a new one; a password the server refuses is said under its field.
import '../../lib/styles/full.ts';
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import { passwordResetFinish } from '@fieldops/shared/notifications';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useFormState } from '../../lib/form.ts';
import { translateMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFinishPasswordResetMutation } from './api/finish-password-reset.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { signInNotice } from './components/sign-in-notice.ts';

/** The link's token no longer opens anything: asked again, it would answer the same. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && error.serverMessage === MSG.resetLinkInvalid;

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormAlert>{translateMessage(MSG.resetLinkInvalid)}</FormAlert>
      <Button component={Link} to={paths.forgotPassword} fullWidth>
        {t('passwordReset.askAgain')}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login} fw={600}>
          {t('passwordReset.backToSignIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const form = useFormState({ password: '', confirmPassword: '' });
  const finish = useFinishPasswordResetMutation();
  const [failure, setFailure] = useState<unknown>(null);
  useDocumentTitle(t('passwordReset.resetTitle'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setFailure(null);
    const body = form.validate(passwordResetFinish, { token, password: form.values.password });
    if (!body) return;
    if (form.values.confirmPassword !== form.values.password) {
      form.setErrors({ confirmPassword: t('passwordReset.mismatch') });
      return;
    }
    finish.mutate(body, {
      onSuccess: () => void navigate(paths.login, { replace: true, state: signInNotice(MSG.passwordResetDone) }),
      onError: (error) => {
        if (isInvalidLink(error)) return;
        if (Object.keys(form.showFieldErrors(error)).length === 0) setFailure(error);
      },
    });
  };

  const invalid = !token || isInvalidLink(finish.error);

  return (
    <AuthLayout title={t('passwordReset.resetTitle')} subtitle={invalid ? undefined : t('passwordReset.resetSubtitle')}>
      {invalid ? (
        <InvalidLink />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert error={failure} fallbackKey="unknownError" />
            <PasswordField
              label={t('passwordReset.newPassword')}
              description={t('onboarding.passwordHint')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              autoFocus
              {...form.field('password')}
            />
            <PasswordField
              label={t('passwordReset.confirmPassword')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              {...form.field('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={finish.isPending}>
              {t('passwordReset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
