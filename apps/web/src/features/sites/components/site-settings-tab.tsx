// The Settings tab of a site: its details (editable by owners and admins) and deleting it.
import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Site } from '@fieldops/shared/organisation';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { DeleteSiteModal } from './delete-site-modal.tsx';
import { SiteForm } from './site-form.tsx';

export const mapLink = (site: Pick<Site, 'latitude' | 'longitude'>) =>
  site.latitude === null || site.longitude === null
    ? null
    : `https://www.openstreetmap.org/?mlat=${site.latitude}&mlon=${site.longitude}#map=17/${site.latitude}/${site.longitude}`;

export function SiteSettingsTab({ site }: { site: Site }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useAccess();
  const [deleting, setDeleting] = useState(false);
  const map = mapLink(site);

  return (
    <Stack gap="lg" maw={760}>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} fz="h4">
            {t('sites.settings.details')}
          </Title>
          {map ? (
            <Anchor href={map} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap">
                {t('sites.settings.viewOnMap')}
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
          ) : null}
        </Group>
        <SiteForm key={JSON.stringify(site)} site={site} readOnly={!isAdmin} />
      </Card>
      {isAdmin ? (
        <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
          <Group justify="space-between" gap="md" wrap="wrap">
            <div style={{ flex: '1 1 260px' }}>
              <Title order={2} fz="h4">
                {t('sites.delete.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('sites.delete.hint')}
              </Text>
            </div>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              {t('sites.delete.title')}
            </Button>
          </Group>
        </Card>
      ) : null}
      <DeleteSiteModal site={deleting ? site : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate(paths.sites, { replace: true })} />
    </Stack>
  );
}
