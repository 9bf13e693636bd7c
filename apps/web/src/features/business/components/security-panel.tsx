// The Business page's "Security" tab (owners and admins): require two-factor sign-in of owners and
// administrators (those without it set it up at their next sign-in), and how many days the audit
// log keeps its entries.
import type { FormEvent } from 'react';
import { Card, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS, businessSecurityRequest, type BusinessSecurity } from '@fieldops/shared/two-factor';
import { FormActions } from '../../../components/form-actions.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSecurityQuery } from '../api/get-security.ts';
import { useUpdateSecurityMutation } from '../api/update-security.ts';

function SecurityForm({ security }: { security: BusinessSecurity }) {
  const { t } = useTranslation();
  const form = useFormState<{ requireTwoFactor: boolean; auditRetentionDays: number | string }>(security);
  const save = useUpdateSecurityMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = form.values.auditRetentionDays;
    const body = form.validate(businessSecurityRequest, { ...form.values, auditRetentionDays: typeof days === 'number' ? days : Number.NaN });
    if (!body) return;
    save.mutate(body, { onSuccess: () => notifySuccess(translateMessage(MSG.securitySaved)), onError: form.refused('saveSecurityFailed') });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('business.security.title')}>
      <Stack gap="lg" maw={560}>
        <Switch
          label={t('business.security.requireTwoFactor')}
          description={t('business.security.requireTwoFactorHint')}
          checked={form.values.requireTwoFactor}
          onChange={(event) => form.setValue('requireTwoFactor', event.currentTarget.checked)}
        />
        <NumberInput
          label={t('business.security.retention')}
          description={t('business.security.retentionHint', { min: AUDIT_RETENTION_MIN_DAYS, max: AUDIT_RETENTION_MAX_DAYS })}
          min={AUDIT_RETENTION_MIN_DAYS}
          max={AUDIT_RETENTION_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          required
          {...form.field('auditRetentionDays')}
        />
        <FormActions submitLabel={t('actions.save')} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function SecurityPanel() {
  const { t } = useTranslation();
  const query = useSecurityQuery();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <IconShieldLock size={16} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} aria-hidden />
          {t('business.security.text')}
        </Text>
        <QueryGate query={query} fallbackKey="fetchSecurityFailed">
          {(security) => <SecurityForm key={JSON.stringify(security)} security={security} />}
        </QueryGate>
      </Stack>
    </Card>
  );
}
