// Recovery codes as they are handed out: once, right after two-factor sign-in is set up or the
// codes are made anew. The person copies or downloads them before going on.
import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${t('twoFactor.fileTitle')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('twoFactor.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" icon={<IconKey size={18} />} title={t('twoFactor.recoveryTitle')}>
        {t('twoFactor.recoveryText')}
      </Alert>
      <List
        aria-label={t('twoFactor.recoveryListLabel')}
        listStyleType="none"
        dir="ltr"
        ff="monospace"
        data-testid="recovery-codes"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 'var(--mantine-spacing-xs)' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Text ff="monospace" size="sm">
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
      </Group>
    </Stack>
  );
}
