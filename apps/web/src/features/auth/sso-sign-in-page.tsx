// /login/sso and /login/sso/<name>: single sign-on. The person types their organisation's sign-in
// name (or follows the address their administrator shared), sees "Sign in with <provider>", and is
// sent to the provider; it sends them back to /login/sso/done. An unknown name, a provider that
// cannot be reached or a sign-in that failed is said above the form.
import '../../lib/styles/full.ts';
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import { SSO_SLUG_PATTERN } from '@fieldops/shared/sso';
import { FormAlert } from '../../components/form-alert.tsx';
import { errorMessage, translateMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSsoProviderQuery } from './api/get-sso-provider.ts';
import { startSsoSignIn } from './api/sso-sign-in.ts';
import { AuthLayout } from './components/auth-layout.tsx';

/** Where to go after signing in (`?redirect=`), carried through the provider. */
function useReturnTo() {
  const [params] = useSearchParams();
  const target = params.get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
}

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login} fw={600}>
        {t('sso.backToSignIn')}
      </Anchor>
    </Text>
  );
}

/** The sign-in name form. `failure`: what went wrong before (a sign-in the provider refused, an unknown name). */
function SlugForm({ initial = '', failure = null }: { initial?: string; failure?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [slug, setSlug] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = slug.trim().toLowerCase();
    if (!name) return setError(translateMessage(MSG.required));
    if (!SSO_SLUG_PATTERN.test(name)) return setError(translateMessage(MSG.ssoSlugInvalid));
    setError(null);
    void navigate(`${paths.ssoProvider(name)}${search}`);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert>{failure}</FormAlert>
        <TextInput
          label={t('sso.slug')}
          description={t('sso.slugHint')}
          placeholder={t('sso.slugPlaceholder')}
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          value={slug}
          onChange={(event) => {
            setSlug(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoFocus
        />
        <Button type="submit" fullWidth>
          {t('sso.continue')}
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}

/** "Sign in with <label>" for a known name; the name form again, with the reason, for an unknown one. */
function ProviderButton({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const provider = useSsoProviderQuery(slug);
  const returnTo = useReturnTo();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  if (provider.isPending) {
    return (
      <Stack align="center" py="lg" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('sso.looking')}
        </Text>
      </Stack>
    );
  }
  if (provider.isError) return <SlugForm initial={slug} failure={errorMessage(provider.error)} />;

  const go = () => {
    setPending(true);
    setFailure(null);
    startSsoSignIn(provider.data.slug, returnTo).then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => {
        setFailure(error);
        setPending(false);
      },
    );
  };

  return (
    <Stack gap="md">
      <FormAlert error={failure} fallbackKey="unknownError" />
      <Text>{t('sso.continueWith', { name: slug })}</Text>
      <Button size="md" fullWidth leftSection={<IconKey size={18} aria-hidden />} loading={pending} onClick={go}>
        {t('sso.signInWith', { label: provider.data.label })}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.ssoSignIn}>
          {t('sso.otherName')}
        </Anchor>
      </Text>
      <BackToSignIn />
    </Stack>
  );
}

export function SsoSignInPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { state } = useLocation();
  useDocumentTitle(t('sso.title'));
  // A sign-in that ended badly comes back here with its reason (sso-done-page.tsx).
  const failure = state && typeof state === 'object' && 'failure' in state && typeof state.failure === 'string' ? state.failure : null;
  return (
    <AuthLayout title={t('sso.title')} subtitle={t('sso.subtitle')}>
      {slug ? <ProviderButton key={slug} slug={slug} /> : <SlugForm failure={failure ? translateMessage(failure) : null} />}
    </AuthLayout>
  );
}
