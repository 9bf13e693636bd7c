// /activate?key=…: an invited member activates their account with a name and password. Reading
// the key (GET /v1/activation-detail) never activates; only the form's POST /v1/activate does.
// An expired key says so and sends the person to their administrator for a new one.
import '../../lib/styles/full.ts';
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@fieldops/shared/messages';
import { ErrorState } from '../../components/error-state.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { translateMessage } from '../../lib/i18n/translate-message.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ActivateResponse } from '@fieldops/shared/account';
import { useActivationDetailQuery } from './api/get-activation-detail.ts';
import { ActivationForm } from './components/activation-form.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

function Problem({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormAlert>{text}</FormAlert>
      <Button component={Link} to={paths.login} variant="default">
        {t('activation.goToSignIn')}
      </Button>
    </Stack>
  );
}

export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() || null;
  const detail = useActivationDetailQuery(key);
  const [activated, setActivated] = useState<ActivateResponse | null>(null);
  useDocumentTitle(t('activation.title'));

  const content = () => {
    if (!key) return <Problem text={translateMessage(MSG.activationKeyMissing)} />;
    if (activated) {
      return (
        <Stack gap="md" align="center" ta="center">
          <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text fw={700} fz="lg">
            {t('activation.doneTitle')}
          </Text>
          <Text c="dimmed">{t('activation.doneText')}</Text>
          <Button component={Link} to={paths.loginAs(activated.username)} fullWidth>
            {t('actions.signIn')}
          </Button>
        </Stack>
      );
    }
    if (detail.isPending) return <LoadingState minHeight={200} />;
    if (detail.isError) {
      if (detail.error instanceof ApiError && detail.error.status === 404) {
        return <Problem text={translateMessage(MSG.activationKeyNotFound)} />;
      }
      if (detail.error instanceof ApiError && detail.error.serverMessage === MSG.activationKeyExpired) {
        return <Problem text={translateMessage(MSG.activationKeyExpired)} />;
      }
      return <ErrorState error={detail.error} fallbackKey="fetchActivationFailed" onRetry={() => void detail.refetch()} />;
    }
    if (detail.data.activated) {
      return (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            {t('activation.alreadyActive')}
          </Alert>
          <Button component={Link} to={paths.loginAs(detail.data.username)} fullWidth>
            {t('actions.signIn')}
          </Button>
        </Stack>
      );
    }
    return <ActivationForm activationKey={key} detail={detail.data} onActivated={setActivated} />;
  };

  const businessName = detail.data?.businessName;
  return (
    <AuthLayout title={t('activation.title')} subtitle={businessName ? t('activation.subtitleBusiness', { name: businessName }) : t('activation.subtitle')}>
      {content()}
    </AuthLayout>
  );
}
