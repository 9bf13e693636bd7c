// Onboarding step 2: the business (name, colour, time zone, industry) for the signed-in user.
import { useMemo, type FormEvent } from 'react';
import { Button, ColorInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { onboardingBusinessRequest, type Business } from '@fieldops/shared/account';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { browserTimeZone, listTimeZones } from '../../../lib/time-zones.ts';
import { useCreateBusinessMutation } from '../api/create-business.ts';
import { useIndustriesQuery } from '../api/get-industries.ts';
import { useOnboardingFailure } from './use-onboarding-failure.ts';

const SWATCHES = ['#4263eb', '#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#495057'];

export function BusinessStep({ userId, onDone }: { userId: number; onDone: (business: Business) => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const defaultZone = useMemo(() => browserTimeZone(), []);
  const timeZones = useMemo(() => listTimeZones(defaultZone), [defaultZone]);
  const form = useFormState({ name: '', colour: '#4263eb', timeZone: defaultZone, industryId: '' });
  const industries = useIndustriesQuery();
  const create = useCreateBusinessMutation();
  const failure = useOnboardingFailure(form.showFieldErrors);

  const industryOptions = useMemo(
    () => (industries.data ?? []).map((item) => ({ value: String(item.id), label: localizedName(item, language) })),
    [industries.data, language],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    failure.clearServerError();
    const { name, colour, timeZone, industryId } = form.values;
    const body = form.validate(onboardingBusinessRequest, {
      name,
      colour: colour || undefined,
      timeZone: timeZone || undefined,
      industryId: industryId ? Number(industryId) : undefined,
    });
    if (!body) return;
    create.mutate({ userId, body }, { onSuccess: onDone, onError: failure.fail });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert error={failure.serverError} fallbackKey="onboardingFailed" />
        <TextInput label={t('onboarding.businessName')} autoComplete="organization" required {...form.field('name')} />
        <ColorInput
          label={t('onboarding.colour')}
          description={t('onboarding.colourHint')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          eyeDropperButtonProps={{ 'aria-label': t('onboarding.pickColour') }}
          {...form.field('colour')}
        />
        <Select
          label={t('onboarding.timeZone')}
          searchable
          limit={50}
          data={timeZones}
          {...form.select('timeZone')}
          nothingFoundMessage={t('onboarding.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('onboarding.industry')}
          placeholder={industries.isPending ? t('app.loading') : t('onboarding.industryPlaceholder')}
          searchable
          clearable
          data={industryOptions}
          {...form.select('industryId')}
          nothingFoundMessage={t('onboarding.nothingFound')}
          disabled={industries.isError}
          description={industries.isError ? t('onboarding.industriesUnavailable') : undefined}
        />
        <Button type="submit" fullWidth loading={create.isPending}>
          {t('onboarding.createBusiness')}
        </Button>
      </Stack>
    </form>
  );
}
