// /members: the members of the business. Until its content exists it shows its header and an empty state.
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function MembersPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('nav.members')}
      description={t('members.description')}
      icon={<IconUsers size={28} />}
      emptyTitle={t('members.list.emptyTitle')}
      emptyText={t('members.list.emptyText')}
    />
  );
}
