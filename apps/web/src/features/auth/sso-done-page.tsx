// /login/sso/done: where a sign-in through a provider lands, its outcome in the address's fragment
// (which no server sees or logs; it is taken out of the address at once). Signed in: the token is
// kept as a password sign-in keeps it, and the app opens where the person was headed. A first
// sign-in whose e-mail matches an account: "Link <provider> to your account <username>?", confirmed
// with that account's password. A person who signs in with two factors then gives their code, as
// after a password. Refused or expired: why, and the way to start again.
import '../../lib/styles/full.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { LoginResponse } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { SSO_DONE_ERRORS, type SsoDoneError, type SsoLinkDetails } from '@fieldops/shared/sso';
import type { TwoFactorStep } from '@fieldops/shared/two-factor';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { resetCachedData } from '../../lib/cache-reset.ts';
import { translateMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { setToken } from '../../lib/storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { confirmSsoLink, fetchSsoLink, takeSsoSession } from './api/sso-sign-in.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { TwoFactorStepForm } from './components/two-factor-step.tsx';

type Outcome =
  | { kind: 'signedIn'; to: string | null }
  | { kind: 'twoFactor'; challenge: string; step: string; to: string | null }
  | { kind: 'link'; linkToken: string; to: string | null }
  | { kind: 'error'; message: string };

const isDoneError = (value: string): value is SsoDoneError => Object.hasOwn(SSO_DONE_ERRORS, value);

/** What the fragment says; an empty or unreadable one is a sign-in that is no longer there. */
export function readOutcome(hash: string): Outcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const to = params.get('to');
  // The session waits in this browser's cookie: a token in an address is not taken, since anyone
  // could make such a link to sign a person into their own account.
  if (params.get('signedIn')) return { kind: 'signedIn', to };
  const challenge = params.get('challenge');
  if (challenge) return { kind: 'twoFactor', challenge, step: params.get('twoFactor') ?? 'required', to };
  const linkToken = params.get('link');
  if (linkToken) return { kind: 'link', linkToken, to };
  const error = params.get('error') ?? 'expired';
  return { kind: 'error', message: isDoneError(error) ? SSO_DONE_ERRORS[error] : MSG.ssoSignInExpired };
}

/** Keeps the session's token and opens the app (nothing cached for someone else may stay); false for a second step. */
function useSignedIn() {
  const navigate = useNavigate();
  return (result: LoginResponse, to: string | null) => {
    if (!('id_token' in result)) return false;
    resetCachedData();
    setToken(result.id_token);
    void navigate(safeRedirect(to), { replace: true });
    return true;
  };
}

function StartAgain({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormAlert>{translateMessage(message)}</FormAlert>
      <Button component={Link} to={paths.ssoSignIn} fullWidth>
        {t('sso.startAgain')}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login} fw={600}>
          {t('sso.backToSignIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="lg" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text size="sm" c="dimmed">
        {t('sso.signingIn')}
      </Text>
    </Stack>
  );
}

/** "Link <provider> to your account <username>?": the account's password confirms it. */
function LinkConfirmation({ linkToken, to, onSecondStep }: { linkToken: string; to: string | null; onSecondStep: (step: TwoFactorStep) => void }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [details, setDetails] = useState<SsoLinkDetails | null>(null);
  const [gone, setGone] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    fetchSsoLink(linkToken).then(
      (found) => live && setDetails(found),
      (error: unknown) => live && setGone(error),
    );
    return () => {
      live = false;
    };
  }, [linkToken]);

  if (gone) return <StartAgain message={gone instanceof ApiError && gone.fromServer ? gone.message : MSG.ssoLinkExpired} />;
  if (!details) return <Waiting />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password) return setPasswordError(translateMessage(MSG.required));
    setPasswordError(null);
    setFailure(null);
    setPending(true);
    confirmSsoLink({ linkToken, password }).then(
      (result) => {
        if (!signedIn(result, to) && 'twoFactor' in result) onSecondStep(result);
      },
      (error: unknown) => {
        setPending(false);
        const field = error instanceof ApiError ? error.fieldErrors.find((e) => e.field === 'password') : undefined;
        if (field) setPasswordError(translateMessage(field.message));
        else setFailure(error);
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="blue" icon={<IconLink size={18} aria-hidden />} title={t('sso.linkQuestion', { label: details.label, username: details.username })}>
          {t('sso.linkText', { label: details.label })}
        </Alert>
        <FormAlert error={failure} fallbackKey="unknownError" />
        <PasswordField
          label={t('sso.linkPassword', { username: details.username })}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
          error={passwordError}
          autoFocus
        />
        <Group grow>
          <Button component={Link} to={paths.login} variant="default">
            {t('sso.linkCancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('sso.linkConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The session the sign-in opened, taken from this browser's cookie: kept at once, and the app opens. */
function TakeSession({ to }: { to: string | null }) {
  const signedIn = useSignedIn();
  const [failed, setFailed] = useState<unknown>(null);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    takeSsoSession().then((result) => signedIn(result, to), setFailed);
  }, [signedIn, to]);
  if (failed) return <StartAgain message={failed instanceof ApiError && failed.fromServer ? failed.message : MSG.ssoSignInExpired} />;
  return <Waiting />;
}

/** A person who signs in with two factors gives their code after the provider, as after a password. */
function SecondStep({ step, to }: { step: TwoFactorStep; to: string | null }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  return (
    <TwoFactorStepForm
      step={step}
      onSignedIn={(token) => signedIn({ id_token: token }, to)}
      onRestart={(reason) => void navigate(paths.ssoSignIn, { state: { failure: reason instanceof ApiError && reason.fromServer ? reason.message : null } })}
    />
  );
}

export function SsoDonePage() {
  const { t } = useTranslation();
  const [outcome] = useState(() => readOutcome(typeof window === 'undefined' ? '' : window.location.hash));
  const [step, setStep] = useState<TwoFactorStep | null>(() =>
    outcome.kind === 'twoFactor' ? { twoFactor: outcome.step === 'enrol' ? 'enrol' : 'required', challenge: outcome.challenge } : null,
  );
  useDocumentTitle(t('sso.title'));
  // The fragment may hold a link's key or a challenge: out of the address (and its history entry) at once.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const title = step ? t('login.twoFactor.title') : outcome.kind === 'link' ? t('sso.linkTitle') : t('sso.title');
  return (
    <AuthLayout title={title}>
      {step && outcome.kind !== 'error' ? (
        <SecondStep step={step} to={outcome.to} />
      ) : outcome.kind === 'signedIn' ? (
        <TakeSession to={outcome.to} />
      ) : outcome.kind === 'link' ? (
        <LinkConfirmation linkToken={outcome.linkToken} to={outcome.to} onSecondStep={setStep} />
      ) : outcome.kind === 'twoFactor' ? (
        <StartAgain message={MSG.ssoSignInExpired} />
      ) : (
        <StartAgain message={outcome.message} />
      )}
    </AuthLayout>
  );
}
