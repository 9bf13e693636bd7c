// /business: the business profile (name, colour, logo, time zone, industry), the ticket
// categories, the tags, the working hours and holidays, and (for owners and admins) the security
// settings, each in its own tab (?tab=).
import { Alert, Card, Grid } from '@mantine/core';
import { IconBuildingStore, IconCalendarTime, IconCategory, IconInfoCircle, IconShieldLock, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { useBusinessQuery } from '../../lib/session/api/get-business.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { BusinessProfileForm } from './components/business-profile-form.tsx';
import { LogoUploader } from './components/logo-uploader.tsx';
import { TicketCategoriesPanel } from './components/ticket-categories-panel.tsx';
import { TagsTab } from './components/tags-tab.tsx';
import { BusinessCalendarPanel } from './components/business-calendar-panel.tsx';
import { SecurityPanel } from './components/security-panel.tsx';

function ProfileTab() {
  const { t } = useTranslation();
  const { business: sessionBusiness } = useSession();
  const { isAdmin } = useAccess();
  const query = useBusinessQuery(sessionBusiness.id);

  return (
    <QueryGate query={query} fallbackKey="fetchBusinessFailed">
      {(business) => (
        <Card withBorder radius="md" padding="lg">
          {isAdmin ? null : (
            <Alert color="gray" icon={<IconInfoCircle size={18} />} mb="lg">
              {t('business.profile.readOnly')}
            </Alert>
          )}
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <LogoUploader business={business} readOnly={!isAdmin} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {/* Keyed by the saved values so the form shows them after a save. */}
              <BusinessProfileForm key={JSON.stringify(business)} business={business} readOnly={!isAdmin} />
            </Grid.Col>
          </Grid>
        </Card>
      )}
    </QueryGate>
  );
}

export function BusinessPage() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  return (
    <>
      <PageHeader title={t('nav.business')} description={t('business.description')} />
      <RouteTabs
        label={t('business.tabs')}
        tabs={[
          { value: 'profile', label: t('tabs.profile'), icon: <IconBuildingStore size={16} />, panel: <ProfileTab /> },
          { value: 'categories', label: t('business.ticketCategories'), icon: <IconCategory size={16} />, panel: <TicketCategoriesPanel /> },
          { value: 'tags', label: t('business.tags.title'), icon: <IconTags size={16} />, panel: <TagsTab /> },
          { value: 'calendar', label: t('business.calendar.tab'), icon: <IconCalendarTime size={16} />, panel: <BusinessCalendarPanel /> },
          ...(isAdmin ? [{ value: 'security', label: t('business.security.tab'), icon: <IconShieldLock size={16} />, panel: <SecurityPanel /> }] : []),
        ]}
      />
    </>
  );
}
