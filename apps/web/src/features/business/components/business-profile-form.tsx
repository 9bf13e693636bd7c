// The business profile: name, colour, time zone, industry and how late an answer delivered from a
// device may still count, saved with PUT /v1/businesses/{id}; the header shows the new name and
// colour at once.
import { useMemo, type FormEvent } from 'react';
import { ColorInput, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { businessUpdateRequest, type Business } from '@fieldops/shared/account';
import { MAX_LATE_ANSWER_HOURS } from '@fieldops/shared/limits';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { listTimeZones, timeZoneLabel } from '../../../lib/time-zones.ts';
import { useIndustriesQuery } from '../api/get-industries.ts';
import { useUpdateBusinessMutation } from '../api/update-business.ts';

const SWATCHES = ['#4263eb', '#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#e03131', '#ae3ec9', '#495057'];

export function BusinessProfileForm({ business, readOnly }: { business: Business; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const industries = useIndustriesQuery();
  const update = useUpdateBusinessMutation();
  // The id stays the value; people read and search the localised name.
  const timeZones = useMemo(
    () => listTimeZones(business.timeZone).map((zone) => ({ value: zone, label: timeZoneLabel(zone, language) })),
    [business.timeZone, language],
  );
  const form = useFormState({
    name: business.name,
    colour: business.colour,
    timeZone: business.timeZone,
    industryId: business.industryId ? String(business.industryId) : '',
    // A number, or the text of a cleared input, which the schema refuses.
    lateAnswerHours: business.lateAnswerHours as number | string,
  });

  const industryOptions = useMemo(
    () => (industries.data ?? []).map((item) => ({ value: String(item.id), label: localizedName(item, language) })),
    [industries.data, language],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(businessUpdateRequest, {
      ...form.values,
      industryId: form.values.industryId ? Number(form.values.industryId) : null,
      managedProfile: business.managedProfile,
    });
    if (!body) return;
    update.mutate(
      { businessId: business.id, body },
      {
        onSuccess: () => notifySuccess(t('messages.changesSaved')),
        onError: form.refused('saveFailed'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('business.profile.name')} required={!readOnly} autoComplete="organization" readOnly={readOnly} {...form.field('name')} />
        <ColorInput
          label={t('business.profile.colour')}
          description={readOnly ? undefined : t('business.profile.colourHint')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          readOnly={readOnly}
          withPicker={!readOnly}
          eyeDropperButtonProps={{ 'aria-label': t('business.profile.pickColour') }}
          {...form.field('colour')}
          dir="ltr"
        />
        <Select
          label={t('business.profile.timeZone')}
          description={readOnly ? undefined : t('business.profile.timeZoneHint')}
          searchable
          limit={50}
          readOnly={readOnly}
          data={timeZones}
          {...form.select('timeZone')}
          allowDeselect={false}
          nothingFoundMessage={t('business.profile.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('business.profile.industry')}
          placeholder={industries.isPending ? t('app.loading') : t('business.profile.industryPlaceholder')}
          searchable
          clearable={!readOnly}
          readOnly={readOnly}
          data={industryOptions}
          {...form.select('industryId')}
          nothingFoundMessage={t('business.profile.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('business.profile.lateAnswerHours')}
          description={t('business.profile.lateAnswerHoursHint', { max: formatNumber(MAX_LATE_ANSWER_HOURS, language) })}
          min={0}
          max={MAX_LATE_ANSWER_HOURS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          readOnly={readOnly}
          {...form.field('lateAnswerHours')}
        />
        {readOnly ? null : <FormActions submitLabel={t('actions.saveChanges')} pending={update.isPending} />}
      </Stack>
    </form>
  );
}
