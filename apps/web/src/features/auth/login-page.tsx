// /login: sign in, then go back to where the user was headed. A page that sends people here
// with a line to read (a new password was set) says so in the navigation's state.
import { Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { LoginForm } from './components/login-form.tsx';
import { readSignInNotice } from './components/sign-in-notice.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation();
  useDocumentTitle(t('login.title'));

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        initialUsername={params.get('username') ?? ''}
        notice={readSignInNotice(state)}
        onSignedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })}
        alternatives={
          // Single sign-on: its pages arrive only when followed (sso-sign-in-page.tsx). Not offered
          // once a password was right and its second step asks for a code.
          <>
            <Text size="sm" c="dimmed" ta="center" my="sm">
              {t('login.or')}
            </Text>
            <Button
              component={Link}
              to={paths.ssoSignInReturningTo(params.get('redirect'))}
              variant="default"
              fullWidth
              leftSection={<IconKey size={18} aria-hidden />}
            >
              {t('login.sso')}
            </Button>
          </>
        }
      />
    </AuthLayout>
  );
}
