// /settings/kiosks (owners and admins): the shared tablets of the sites, each with its state, when
// it was last seen and who last signed in on it; "New kiosk" makes one and shows its enrolment
// code once; its sign-ins; and Revoke, asked first, which turns it off at once.
import { useState } from 'react';
import { Card } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@fieldops/shared/kiosks';
import { AdminListGate, AdminListPage } from '../../components/admin-list-page.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { KIOSKS_PAGE_SIZE, useKiosksQuery } from './api/get-kiosks.ts';
import { useRevokeKioskMutation } from './api/revoke-kiosk.ts';
import { KioskSignInsModal } from './components/kiosk-sign-ins-modal.tsx';
import { KiosksTable } from './components/kiosks-table.tsx';
import { NewKioskModal } from './components/new-kiosk-modal.tsx';

function KiosksList({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useKiosksQuery(page);
  const revoke = useRevokeKioskMutation();
  const [revoking, setRevoking] = useState<Kiosk | null>(null);
  const [signIns, setSignIns] = useState<Kiosk | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('kiosks.revoked', { name: revoking.name }));
        setRevoking(null);
      },
    });
  };

  return (
    <>
      <AdminListGate
        query={query}
        emptyIcon={<IconDeviceTablet size={28} />}
        emptyTitle={t('kiosks.emptyTitle')}
        emptyText={t('kiosks.emptyText')}
        newLabel={t('kiosks.new.open')}
        onNew={onNew}
      >
        {(result) => (
          <Card withBorder radius="md" padding="md">
            <KiosksTable
              kiosks={result.data}
              onSignIns={setSignIns}
              onRevoke={(kiosk) => {
                revoke.reset();
                setRevoking(kiosk);
              }}
            />
            <ListPagination page={page} size={KIOSKS_PAGE_SIZE} total={result.total} onChange={setPage} />
          </Card>
        )}
      </AdminListGate>
      <ConfirmModal
        opened={revoking !== null}
        title={t('kiosks.revokeTitle')}
        message={revoking ? t('kiosks.revokeText', { name: revoking.name, site: revoking.siteName }) : ''}
        confirmLabel={t('kiosks.revoke')}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        loading={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
      />
      <KioskSignInsModal kiosk={signIns} onClose={() => setSignIns(null)} />
    </>
  );
}

export function KiosksPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <AdminListPage
        title={t('kiosks.title')}
        description={t('kiosks.description')}
        adminsOnly={t('kiosks.adminsOnly')}
        newLabel={t('kiosks.new.open')}
        onNew={() => setCreating(true)}
      >
        <KiosksList onNew={() => setCreating(true)} />
      </AdminListPage>
      <NewKioskModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
