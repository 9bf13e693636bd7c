// The Settings page's way to what administrators watch of the app's own work: the e-mail outbox
// and the jobs that failed, the sites' shared kiosks, API tokens and single sign-on, each a page of the settings area.
import { Card, NavLink, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconApi, IconChevronLeft, IconChevronRight, IconDeviceTablet, IconKey, IconMail, IconRotateClockwise2, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

export function OperationsCard() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const Chevron = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const links = [
    { to: paths.mailOutbox, label: t('settings.operations.outbox'), description: t('settings.operations.outboxText'), icon: IconMail },
    { to: paths.kiosks, label: t('kiosks.settingsLink'), description: t('kiosks.settingsLinkText'), icon: IconDeviceTablet },
    { to: paths.apiTokens, label: t('apiTokens.settingsLink'), description: t('apiTokens.settingsLinkText'), icon: IconApi },
    { to: paths.webhooks, label: t('webhooks.settingsLink'), description: t('webhooks.settingsLinkText'), icon: IconWebhook },
    { to: paths.ssoSettings, label: t('ssoSettings.settingsLink'), description: t('ssoSettings.settingsLinkText'), icon: IconKey },
    { to: paths.failedJobs, label: t('settings.operations.jobs'), description: t('settings.operations.jobsText'), icon: IconRotateClockwise2 },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-operations-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="settings-operations-title">
            {t('settings.operations.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.operations.text')}
          </Text>
        </div>
        <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                component={Link}
                to={link.to}
                label={link.label}
                description={link.description}
                leftSection={<link.icon size={20} stroke={1.7} />}
                rightSection={<Chevron size={16} aria-hidden />}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            </li>
          ))}
        </ul>
      </Stack>
    </Card>
  );
}
