// The provider's settings: the sign-in name people type (and the address to share), the button's
// label, the issuer, client id and secret (write-only: left empty, the saved one stays), and
// whether it is on and required of the members. The server discovers the issuer before saving, so
// a wrong address is said under its field.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SSO_CALLBACK_PATH, saveSsoProviderRequest, type SsoProvider } from '@fieldops/shared/sso';
import { CopyLinkField } from '../../../components/copy-link-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSaveSsoProviderMutation } from '../api/save-sso-provider.ts';

interface Values {
  slug: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
  required: boolean;
}

const valuesOf = (provider: SsoProvider | null): Values => ({
  slug: provider?.slug ?? '',
  label: provider?.label ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  enabled: provider?.enabled ?? true,
  required: provider?.required ?? false,
});

export function SsoProviderForm({ provider, actions }: { provider: SsoProvider | null; actions?: ReactNode }) {
  const { t } = useTranslation();
  const form = useFormState(() => valuesOf(provider));
  const save = useSaveSsoProviderMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { clientSecret, ...rest } = form.values;
    const body = form.validate(saveSsoProviderRequest, { ...rest, ...(clientSecret.trim() ? { clientSecret } : {}) });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        form.setValue('clientSecret', '');
        notifySuccess(t('ssoSettings.saved'));
      },
      onError: (error) => {
        if (Object.keys(form.showFieldErrors(error)).length === 0) setFailure(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SettingsCard titleId="sso-provider-title" title={t('ssoSettings.providerTitle')} text={t('ssoSettings.providerText')}>
          <FormAlert error={failure} fallbackKey="unknownError" />
          <CopyLinkField label={t('ssoSettings.redirectUri')} link={`${origin}${SSO_CALLBACK_PATH}`} />
          <TextInput
            label={t('ssoSettings.issuer')}
            description={t('ssoSettings.issuerHint')}
            placeholder="https://login.example.com"
            dir="ltr"
            required
            {...form.field('issuer')}
          />
          <TextInput label={t('ssoSettings.clientId')} dir="ltr" autoComplete="off" required {...form.field('clientId')} />
          <PasswordInput
            label={t('ssoSettings.clientSecret')}
            description={provider?.hasClientSecret ? t('ssoSettings.clientSecretKept') : t('ssoSettings.clientSecretHint')}
            dir="ltr"
            autoComplete="new-password"
            required={!provider?.hasClientSecret}
            {...form.field('clientSecret')}
          />
        </SettingsCard>
        <SettingsCard titleId="sso-sign-in-title" title={t('ssoSettings.signInTitle')} text={t('ssoSettings.signInText')}>
          <TextInput
            label={t('ssoSettings.slug')}
            description={t('ssoSettings.slugHint')}
            dir="ltr"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.field('slug')}
          />
          <TextInput label={t('ssoSettings.label')} description={t('ssoSettings.labelHint')} required {...form.field('label')} />
          {provider ? <CopyLinkField label={t('ssoSettings.signInAddress')} link={`${origin}${paths.ssoProvider(provider.slug)}`} /> : null}
          <Switch
            label={t('ssoSettings.enabled')}
            description={t('ssoSettings.enabledHint')}
            checked={form.values.enabled}
            onChange={(event) => form.setValue('enabled', event.currentTarget.checked)}
          />
          <Switch
            label={t('ssoSettings.required')}
            description={t('ssoSettings.requiredHint')}
            checked={form.values.required}
            onChange={(event) => form.setValue('required', event.currentTarget.checked)}
          />
        </SettingsCard>
        <Group justify="space-between">
          {actions ?? <span />}
          <Button type="submit" loading={save.isPending}>
            {t('ssoSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
