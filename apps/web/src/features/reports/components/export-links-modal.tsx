// The links exported files carry to their photos and voice notes: one entry per export (when, by
// whom, how many files, until when it works), each revocable after a confirmation, so a file that
// went further than meant stops opening them.
import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportLink } from '@fieldops/shared/reports';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { EXPORT_LINKS_PAGE_SIZE, useExportLinksQuery, useRevokeExportLinkMutation } from '../api/export-links.ts';

function LinkState({ link }: { link: ExportLink }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  if (link.revokedAt) return <Text size="sm">{t('reports.exportLinks.revokedOn', { date: time.date(link.revokedAt) })}</Text>;
  if (Date.parse(link.expiresAt) <= Date.now()) return <Text size="sm">{t('reports.exportLinks.expiredOn', { date: time.date(link.expiresAt) })}</Text>;
  return <Text size="sm">{t('reports.exportLinks.worksUntil', { date: time.date(link.expiresAt) })}</Text>;
}

function ExportLinksList() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const [page, setPage] = useState(0);
  const query = useExportLinksQuery(page);
  const revoke = useRevokeExportLinkMutation();
  const [revoking, setRevoking] = useState<ExportLink | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    if (!revoking) return;
    setFailure(null);
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        notifySuccess(t('reports.exportLinks.revoked'));
      },
      onError: (error) => setFailure(errorMessage(error, 'revokeExportLinkFailed')),
    });
  };

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchExportLinksFailed"
      withCard={false}
      loaderHeight={120}
      isEmpty={(links) => links.data.length === 0}
      empty={<EmptyState icon={<IconLinkOff size={24} />} title={t('reports.exportLinks.emptyTitle')} description={t('reports.exportLinks.emptyText')} />}
    >
      {(links) => (
        <Stack gap="sm">
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('reports.exportLinks.title')}>
            {links.data.map((link) => {
              const live = !link.revokedAt && Date.parse(link.expiresAt) > Date.now();
              const made = t('reports.exportLinks.made', {
                date: time.dateTime(link.createdDate),
                name: link.creator?.fullName ?? t('reports.exportLinks.someone'),
                count: formatNumber(link.files, language),
              });
              return (
                <Paper key={link.id} component="li" withBorder radius="sm" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {made}
                      </Text>
                      <LinkState link={link} />
                    </Stack>
                    {live ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setRevoking(link)}
                        aria-label={t('reports.exportLinks.revokeOf', { name: made })}
                      >
                        {t('reports.exportLinks.revoke')}
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
          <ListPagination page={page} size={EXPORT_LINKS_PAGE_SIZE} total={links.total} onChange={setPage} />
          <ConfirmModal
            opened={revoking !== null}
            title={t('reports.exportLinks.revokeTitle')}
            message={t('reports.exportLinks.revokeText')}
            confirmLabel={t('reports.exportLinks.revoke')}
            onConfirm={confirm}
            onClose={() => {
              setRevoking(null);
              setFailure(null);
            }}
            loading={revoke.isPending}
            error={failure}
          />
        </Stack>
      )}
    </QueryGate>
  );
}

export function ExportLinksModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.exportLinks.title')} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reports.exportLinks.description')}
        </Text>
        {opened ? <ExportLinksList /> : null}
      </Stack>
    </Modal>
  );
}
