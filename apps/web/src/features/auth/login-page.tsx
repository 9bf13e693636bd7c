// /login: sign in, then go back to where the user was headed.
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { LoginForm } from './components/login-form.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('login.title'));

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm initialUsername={params.get('username') ?? ''} onSignedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </AuthLayout>
  );
}
