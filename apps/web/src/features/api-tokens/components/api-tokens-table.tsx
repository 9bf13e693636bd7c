// The API tokens as a table: name and maker, first characters, scopes, expiry, last use (when and
// from which address), state, and Revoke for a token still in use.
import { Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_AREAS, type ApiToken } from '@fieldops/shared/api-tokens';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { ApiTokenStateBadge } from './api-token-state-badge.tsx';

interface ApiTokensTableProps {
  tokens: ApiToken[];
  onRevoke: (token: ApiToken) => void;
}

export function ApiTokensTable({ tokens, onRevoke }: ApiTokensTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    // Revoked and expired tokens hold no button: the scroll area is a named region the keyboard reaches.
    <ResponsiveTable minWidth={960} label={t('apiTokens.title')}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('apiTokens.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('apiTokens.columns.prefix')}</Table.Th>
            <Table.Th scope="col">{t('apiTokens.columns.scopes')}</Table.Th>
            <Table.Th scope="col">{t('apiTokens.columns.expires')}</Table.Th>
            <Table.Th scope="col">{t('apiTokens.columns.lastUsed')}</Table.Th>
            <Table.Th scope="col">{t('apiTokens.columns.state')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('apiTokens.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Th scope="row" fw={400}>
                <Stack gap={2}>
                  <Text size="sm" fw={600} dir="auto">
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed" dir="auto">
                    {token.createdBy
                      ? t('apiTokens.madeBy', { name: token.createdBy.name, when: formatDateTime(token.createdAt, language) })
                      : t('apiTokens.madeAt', { when: formatDateTime(token.createdAt, language) })}
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td>
                <Code dir="ltr">{`${token.prefix}…`}</Code>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {API_TOKEN_AREAS.filter((area) => token.scopes[area]).map((area) => (
                    <Text key={area} size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t('apiTokens.scope', { area: t(`apiTokens.areas.${area}.name`), level: t(`apiTokens.levels.${token.scopes[area] ?? 'read'}`) })}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{token.expiresAt ? formatDateTime(token.expiresAt, language) : t('apiTokens.never')}</Text>
              </Table.Td>
              <Table.Td>
                {token.lastUsedAt ? (
                  <Stack gap={2}>
                    <Text size="sm">{formatDateTime(token.lastUsedAt, language)}</Text>
                    {token.lastUsedIp ? (
                      <Text size="xs" c="dimmed" dir="ltr" ta="start">
                        {token.lastUsedIp}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  <Text size="sm">{t('apiTokens.neverUsed')}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <ApiTokenStateBadge state={token.state} />
                  {token.revokedAt ? (
                    <Text size="xs" c="dimmed">
                      {t('apiTokens.revokedAt', { when: formatDateTime(token.revokedAt, language) })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  {token.state === 'ACTIVE' ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconKeyOff size={14} />}
                      onClick={() => onRevoke(token)}
                      aria-label={t('apiTokens.revokeOf', { name: token.name })}
                    >
                      {t('apiTokens.revoke')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
