// /onboarding: create the user, then their business. The business step has its own address
// (/onboarding?step=business), so the browser's back and forward move between the two steps,
// each keeping what was typed in it; a signed-in user without a business starts there.
import '../../lib/styles/full.ts';
import { useState } from 'react';
import { Anchor, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
  const [params] = useSearchParams();
  // Back from the business step shows the account step again, as it was left.
  const step = signedInAtStart || (userId !== null && params.get('step') === 'business') ? 1 : 0;

  const accountCreated = (id: number) => {
    setCreatedUserId(id);
    void navigate(paths.onboardingBusiness);
  };
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
      {/* Both steps stay mounted, the one not shown hidden: what was typed in it is still there. */}
      <Stepper active={step} size="sm" allowNextStepsSelect={false} keepMounted mb="md">
        <Stepper.Step label={t('onboarding.stepAccount')} description={t('onboarding.stepAccountHint')}>
          <RegisterStep onDone={accountCreated} />
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
