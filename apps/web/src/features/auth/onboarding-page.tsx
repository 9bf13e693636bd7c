// /onboarding: create the user, then their business. A signed-in user without a business
// (/onboarding?step=business) starts at the business step.
import '../../lib/styles/full.ts';
import { useState } from 'react';
import { Anchor, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Business } from '@fieldops/shared/account';
import { ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useAccountQuery } from '../../lib/session/api/get-account.ts';
import { isAuthenticated, setApiKey } from '../../lib/storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { BusinessStep } from './components/business-step.tsx';
import { RegisterStep } from './components/register-step.tsx';

export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signedInAtStart] = useState(isAuthenticated);
  const [createdUserId, setCreatedUserId] = useState<number | null>(null);
  // A user who arrives signed in is known from their account.
  const account = useAccountQuery(signedInAtStart && createdUserId === null);
  const userId = createdUserId ?? account.data?.id ?? null;
  const step = userId !== null || signedInAtStart ? 1 : 0;
  useDocumentTitle(t('onboarding.title'));

  const finish = (business: Business) => {
    setApiKey(business.apiKey);
    notifySuccess(t('onboarding.success', { name: business.name }));
    void navigate(paths.home, { replace: true });
  };

  const businessStep = () => {
    if (userId !== null) return <BusinessStep userId={userId} onDone={finish} />;
    if (account.isError) return <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
    return <LoadingState minHeight={200} />;
  };

  return (
    <AuthLayout title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} width={520}>
      <Stepper active={step} size="sm" allowNextStepsSelect={false} mb="md">
        <Stepper.Step label={t('onboarding.stepAccount')} description={t('onboarding.stepAccountHint')}>
          <RegisterStep onDone={setCreatedUserId} />
        </Stepper.Step>
        <Stepper.Step label={t('onboarding.stepBusiness')} description={t('onboarding.stepBusinessHint')}>
          {businessStep()}
        </Stepper.Step>
      </Stepper>
      {!signedInAtStart && step === 0 ? (
        <Text size="sm" ta="center" c="dimmed">
          {t('onboarding.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            {t('actions.signIn')}
          </Anchor>
        </Text>
      ) : null}
    </AuthLayout>
  );
}
