// One kiosk's sign-ins: who tried, when, and whether the PIN was right, newest first, paged.
import { useState } from 'react';
import { Badge, Modal, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@fieldops/shared/kiosks';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { SIGN_INS_PAGE_SIZE, useKioskSignInsQuery } from '../api/get-kiosk-sign-ins.ts';

export function KioskSignInsModal({ kiosk, onClose }: { kiosk: Kiosk | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={kiosk !== null} onClose={onClose} title={kiosk ? t('kiosks.signInsTitle', { name: kiosk.name }) : ''} size="lg" centered>
      {kiosk ? <SignIns kioskId={kiosk.id} /> : null}
    </Modal>
  );
}

function SignIns({ kioskId }: { kioskId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [page, setPage] = useState(0);
  const query = useKioskSignInsQuery(kioskId, page);
  return (
    <QueryGate
      query={query}
      fallbackKey="unknownError"
      withCard={false}
      isEmpty={(result) => result.total === 0}
      empty={<EmptyState icon={<IconHistory size={28} />} title={t('kiosks.noSignIns')} />}
    >
      {(result) => (
        <>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('kiosks.signInColumns.member')}</Table.Th>
                <Table.Th scope="col">{t('kiosks.signInColumns.at')}</Table.Th>
                <Table.Th scope="col">{t('kiosks.signInColumns.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.data.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>
                    <Text size="sm" dir="auto">
                      {record.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(record.at, language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={record.succeeded ? 'teal' : 'red'} variant="light" autoContrast>
                      {record.succeeded ? t('kiosks.signInOk') : t('kiosks.signInFailed')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination page={page} size={SIGN_INS_PAGE_SIZE} total={result.total} onChange={setPage} />
        </>
      )}
    </QueryGate>
  );
}
