// /imports (?kind=MEMBERS|SITES) and /imports/:importId: bulk imports of members or sites for owners
// and admins, in steps. The first picks the kind, offers the template and takes the file; an
// import then lives at its own address through its preview (fix and skip rows), its progress while
// the job writes it, and its outcome, so a reload or a link comes back to the same step.
import { Alert, Anchor, Group, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useImportQuery } from './api/get-import.ts';
import { ImportDone } from './components/import-done.tsx';
import { ImportPreview } from './components/import-preview.tsx';
import { ImportProgress } from './components/import-progress.tsx';
import { ImportStart } from './components/import-start.tsx';

function ImportRun({ importId }: { importId: number }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const valid = Number.isInteger(importId) && importId > 0;
  const query = useImportQuery(importId, valid);
  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <QueryGate query={query} valid={valid} notFound fallbackKey="unexpectedError">
      {(summary) => (
        <>
          <Group mb="sm">
            <Anchor component={Link} to={paths.newImport(summary.kind)} size="sm">
              <Group gap={4} wrap="nowrap">
                <Back size={16} aria-hidden />
                {t('imports.back')}
              </Group>
            </Anchor>
          </Group>
          {summary.status === 'PREVIEW' ? (
            <>
              <PageHeader title={t('imports.preview.title', { file: summary.fileName })} />
              <ImportPreview summary={summary} />
            </>
          ) : (
            <>
              <PageHeader title={t('imports.title')} />
              {summary.status === 'DONE' ? <ImportDone summary={summary} /> : <ImportProgress summary={summary} />}
            </>
          )}
        </>
      )}
    </QueryGate>
  );
}

export function ImportsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const { importId } = useParams();

  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t('imports.title')} />
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t('imports.adminsOnly')}
        </Alert>
      </>
    );
  }
  if (importId !== undefined) return <ImportRun key={importId} importId={Number(importId)} />;
  return (
    <>
      <PageHeader title={t('imports.title')} description={t('imports.description')} />
      <ImportStart />
    </>
  );
}
