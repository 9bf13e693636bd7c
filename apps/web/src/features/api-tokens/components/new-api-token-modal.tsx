// "New token": a name, for each area none, read or write, and how long it lasts. Once made, the
// dialog shows the token this one time, with a copy button and a plain warning that it will not be
// shown again; closing the dialog forgets it.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Fieldset, Group, Input, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_AREAS,
  API_TOKEN_DAY_CHOICES,
  DEFAULT_API_TOKEN_DAYS,
  createApiTokenRequest,
  type ApiTokenArea,
  type ApiTokenLevel,
  type CreatedApiToken,
} from '@fieldops/shared/api-tokens';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useCreateApiTokenMutation } from '../api/create-api-token.ts';

type Choice = ApiTokenLevel | 'none';
const LEVELS: Choice[] = ['none', 'read', 'write'];

export function NewApiTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    // The token is gone once the dialog closes: the server keeps only its hash.
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={created ? t('apiTokens.shown.title') : t('apiTokens.new.title')} size="lg" centered>
      {opened ? created ? <ShownToken created={created} onClose={close} /> : <NewApiTokenForm onCreated={setCreated} onClose={close} /> : null}
    </Modal>
  );
}

function NewApiTokenForm({ onCreated, onClose }: { onCreated: (created: CreatedApiToken) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useFormState({
    name: '',
    expiresInDays: String(DEFAULT_API_TOKEN_DAYS),
    scopes: Object.fromEntries(API_TOKEN_AREAS.map((area) => [area, 'none'])) as Record<ApiTokenArea, Choice>,
  });
  const create = useCreateApiTokenMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scopes = Object.fromEntries(Object.entries(form.values.scopes).filter(([, level]) => level !== 'none'));
    const body = form.validate(createApiTokenRequest, { name: form.values.name, scopes, expiresInDays: Number(form.values.expiresInDays) });
    if (!body) return;
    create.mutate(body, { onSuccess: onCreated, onError: form.showFieldErrors });
  };
  const setLevel = (area: ApiTokenArea, level: Choice) => form.setValue('scopes', { ...form.values.scopes, [area]: level });
  const scopesError = form.error('scopes');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('apiTokens.new.text')}</Text>
        <FormAlert error={create.error} fallbackKey="unknownError" />
        <TextInput label={t('apiTokens.new.name')} description={t('apiTokens.new.nameHint')} required maxLength={100} data-autofocus {...form.field('name')} />
        <Fieldset legend={t('apiTokens.new.scopes')} aria-describedby={scopesError ? 'api-token-scopes-error' : 'api-token-scopes-hint'} variant="unstyled">
          <Stack gap="sm">
            <Text size="sm" c="dimmed" id="api-token-scopes-hint">
              {t('apiTokens.new.scopesHint')}
            </Text>
            {API_TOKEN_AREAS.map((area) => (
              <Radio.Group
                key={area}
                name={`scope-${area}`}
                label={t(`apiTokens.areas.${area}.name`)}
                description={t(`apiTokens.areas.${area}.text`)}
                value={form.values.scopes[area]}
                onChange={(value) => setLevel(area, value as Choice)}
              >
                <Group gap="lg" mt={6}>
                  {LEVELS.map((level) => (
                    <Radio key={level} value={level} label={t(`apiTokens.levels.${level}`)} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
            {scopesError ? <Input.Error id="api-token-scopes-error">{scopesError}</Input.Error> : null}
          </Stack>
        </Fieldset>
        <Select
          label={t('apiTokens.new.expiry')}
          data={API_TOKEN_DAY_CHOICES.map((days) => ({ value: String(days), label: t('apiTokens.new.days', { count: days }) }))}
          allowDeselect={false}
          {...form.select('expiresInDays')}
        />
        <FormActions submitLabel={t('apiTokens.new.submit')} pending={create.isPending} onCancel={onClose} icon={<IconKey size={16} />} />
      </Stack>
    </form>
  );
}

function ShownToken({ created, onClose }: { created: CreatedApiToken; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const expires = created.apiToken.expiresAt;
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('apiTokens.shown.onceTitle')}>
        {t('apiTokens.shown.once')}
      </Alert>
      <Text size="sm">{t('apiTokens.shown.text', { name: created.apiToken.name })}</Text>
      <Code block dir="ltr" data-testid="api-token-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {created.token}
      </Code>
      <Group justify="space-between" wrap="wrap">
        <CopyButton value={created.token} timeout={2000}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? t('apiTokens.shown.copied') : t('apiTokens.shown.copy')}
            </Button>
          )}
        </CopyButton>
        {expires ? <Text size="sm">{t('apiTokens.shown.expires', { when: formatDateTime(expires, currentLanguage(i18n)) })}</Text> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('apiTokens.shown.use')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('apiTokens.shown.done')}</Button>
      </Group>
    </Stack>
  );
}
