// /profile: the signed-in user's own details.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { ProfileForm } from './components/profile-form.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.profile')} description={t('profile.description')} />
      <ProfileForm />
    </>
  );
}
