// /members/:memberId: one member. Until its content exists it shows its header and an empty state.
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function MemberDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('members.detail.title')}
      description={t('members.detail.description')}
      icon={<IconUser size={28} />}
      emptyTitle={t('members.detail.emptyTitle')}
      emptyText={t('members.detail.emptyText')}
    />
  );
}
