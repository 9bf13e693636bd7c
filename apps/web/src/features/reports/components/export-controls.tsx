// The Export menu (Excel, CSV, JSON, PDF, image, print, and the links exported files carry) and
// the progress dialog of the export under way, with its Cancel button.
import { Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  IconBraces,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconLink,
  IconPhoto,
  IconPrinter,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { ExportFormat } from '../export/export-table.ts';
import type { ExportState } from './use-export.ts';

interface ExportMenuProps {
  /** An export is under way: the menu does not open. */
  busy: boolean;
  /** Nothing to export: only the links of earlier exports are offered. */
  empty: boolean;
  onFile: (format: ExportFormat) => void;
  onImage: () => void;
  onPrint: () => void;
  onLinks: () => void;
}

export function ExportMenu({ busy, empty: disabled, onFile, onImage, onPrint, onLinks }: ExportMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} disabled={busy}>
          {t('reports.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => onFile('xlsx')} disabled={disabled}>
          {t('reports.export.xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => onFile('csv')} disabled={disabled}>
          {t('reports.export.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconBraces size={16} />} onClick={() => onFile('json')} disabled={disabled}>
          {t('reports.export.json')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => onFile('pdf')} disabled={disabled}>
          {t('reports.export.pdf')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconPhoto size={16} />} onClick={onImage} disabled={disabled}>
          {t('reports.export.image')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={onPrint} disabled={disabled}>
          {t('reports.export.print')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLink size={16} />} onClick={onLinks}>
          {t('reports.export.links')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function ExportProgress({ state, onCancel }: { state: ExportState | null; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const percent = state && state.total > 0 ? Math.min(100, Math.round((state.done / state.total) * 100)) : null;
  return (
    <Modal opened={state !== null} onClose={onCancel} title={state ? t(`reports.export.title.${state.kind}`) : ''} centered closeOnClickOutside={false}>
      {state ? (
        <Stack gap="md">
          <Text size="sm">
            {state.phase === 'fetching'
              ? t('reports.export.fetching', { done: formatNumber(state.done, language), total: formatNumber(state.total, language) })
              : t('reports.export.building')}
          </Text>
          <Progress
            value={percent ?? 100}
            animated={percent === null || state.phase === 'building'}
            striped={percent === null}
            aria-label={t('reports.export.progressLabel')}
            size="lg"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
