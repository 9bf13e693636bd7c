// Sign-in form: username or e-mail, password, remember me (spec §2 Login), with the page's other
// ways to sign in below; then, for a person who signs in with two factors, the second step alone
// (loaded only for them): nothing of the password's step is offered while a code is asked.
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import type { TwoFactorStep } from '@fieldops/shared/two-factor';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatMinutes } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { resetCachedData } from '../../../lib/cache-reset.ts';
import { paths } from '../../../lib/paths.ts';
import { forgetSignInReason, readSignInReason, setToken } from '../../../lib/storage.ts';
import { authenticate } from '../api/authenticate.ts';

const TwoFactorStepForm = lazy(async () => ({ default: (await import('./two-factor-step.tsx')).TwoFactorStepForm }));

interface LoginFormProps {
  initialUsername?: string;
  /** A line to show above the form until the person signs in or fails to (an English message text). */
  notice?: string | null;
  /** Other ways to sign in (single sign-on), offered with the password and not during the second step. */
  alternatives?: ReactNode;
  onSignedIn: () => void;
}

/** Whole minutes to wait after a refused sign-in (429 with Retry-After), at least one. */
export function minutesToWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfter === null) return null;
  return Math.max(1, Math.ceil(error.retryAfter / 60));
}

export function LoginForm({ initialUsername = '', notice = null, alternatives = null, onSignedIn }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [step, setStep] = useState<TwoFactorStep | null>(null);
  const [missing, setMissing] = useState(false);
  // Why this page is shown, when a session ended under the user (a 401): until they sign in again.
  const [reason] = useState(readSignInReason);
  useEffect(forgetSignInReason, []);

  const signedIn = (idToken: string) => {
    // Nothing cached for a previous user may leak into this session.
    resetCachedData();
    setToken(idToken);
    onSignedIn();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setFailure(null);
    setPending(true);
    authenticate({ username: username.trim(), password, rememberMe }).then(
      (answer) => {
        if ('id_token' in answer) signedIn(answer.id_token);
        else {
          setStep(answer);
          setPending(false);
        }
      },
      (error: unknown) => {
        setFailure(error);
        setPending(false);
      },
    );
  };

  const error = missing
    ? translateMessage(MSG.usernameOrPasswordMissing)
    : failure
      ? errorMessage(failure)
      : reason && !pending
        ? translateMessage(reason)
        : null;
  // Too many attempts (this address) or a locked account: how long to wait, when the server said.
  const wait = !missing && failure ? minutesToWait(failure) : null;

  if (step) {
    return (
      <Suspense
        fallback={
          <Center py="lg">
            <Loader aria-label={t('login.twoFactor.title')} />
          </Center>
        }
      >
        <TwoFactorStepForm
          step={step}
          onSignedIn={signedIn}
          onRestart={(reason) => {
            // Back to the password: it is asked again, with why when the step ran out.
            setStep(null);
            setPassword('');
            setFailure(reason);
          }}
        />
      </Suspense>
    );
  }

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <FormAlert>
              {error}
              {wait ? (
                <Text size="sm" mt={4} c="inherit">
                  {t('login.retryIn', { duration: formatMinutes(wait, currentLanguage(i18n)) })}
                </Text>
              ) : null}
            </FormAlert>
          ) : notice ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
              {translateMessage(notice)}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.username')}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            autoFocus={!initialUsername}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoFocus={Boolean(initialUsername)}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox label={t('login.rememberMe')} checked={rememberMe} onChange={(event) => setRememberMe(event.currentTarget.checked)} />
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={pending}>
            {t('actions.signIn')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={paths.onboarding} fw={600}>
              {t('actions.createBusiness')}
            </Anchor>
          </Text>
        </Stack>
      </form>
      {alternatives}
    </>
  );
}
