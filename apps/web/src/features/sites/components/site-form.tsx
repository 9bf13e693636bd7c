// The site form: name, project, location (with 'find your location' and a map picker whose pin
// and geofence follow the fields, and the fields them), the geofence as a circle of a radius or a
// polygon drawn on the map, site type and an optional external ID, for creating and for editing. It validates with the shared schema and
// shows the server's field errors under the fields.
import { useMemo, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GEOFENCE_RADIUS_M } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { siteCoordinates, siteRequest, siteUpdateRequest, type Site } from '@fieldops/shared/organisation';
import { FormActions } from '../../../components/form-actions.tsx';
import { fieldsFromPin, pinFromFields, radiusFromField, type LatLng, type Vertex } from '../../../components/map/geofence-edit.ts';
import { MapPicker, type GeofenceShape } from '../../../components/map/map-picker.tsx';
import { copyName } from '../../../lib/copy-name.ts';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useLookupsQuery } from '../../../lib/session/api/get-lookups.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCreateSiteMutation } from '../api/create-site.ts';
import { useMapSettingsQuery } from '../api/get-map-settings.ts';
import { useUpdateSiteMutation } from '../api/update-site.ts';
import { useCurrentPosition } from './use-current-position.ts';

type NumberValue = number | string;

interface SiteFormProps {
  /** The site to edit; without it the form creates one. */
  site?: Site;
  /** The project a new site starts in. */
  initialProjectId?: number;
  /** A site whose settings a new one starts from (Duplicate): its project, place, geofence and type, under a new name. */
  copyOf?: Site;
  onSaved?: (site: Site) => void;
  onCancel?: () => void;
  readOnly?: boolean;
}

const toNumber = (value: NumberValue): number | null => (value === '' || value === null ? null : Number(value));

/** The request body from the form's values (numbers from the number inputs, ids from selects). */
export function siteBody(values: {
  name: string;
  projectId: string;
  latitude: NumberValue;
  longitude: NumberValue;
  radius: NumberValue;
  /** The polygon's corners; sent only while the polygon is the chosen shape. */
  polygon?: Vertex[] | null;
  shape?: GeofenceShape;
  typeId: string;
  externalId: string;
  whatsApp?: string | null;
}) {
  return {
    name: values.name,
    projectId: values.projectId ? Number(values.projectId) : undefined,
    latitude: toNumber(values.latitude),
    longitude: toNumber(values.longitude),
    radius: toNumber(values.radius) ?? DEFAULT_GEOFENCE_RADIUS_M,
    polygon: values.shape === 'polygon' && values.polygon && values.polygon.length > 0 ? values.polygon : null,
    typeId: values.typeId ? Number(values.typeId) : null,
    externalId: values.externalId,
    // Not edited here; sent back as it is so saving keeps it.
    whatsApp: values.whatsApp ?? null,
  };
}

export function SiteForm({ site, initialProjectId, copyOf, onSaved, onCancel, readOnly = false }: SiteFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { apiKey } = useSession();
  const lookups = useLookupsQuery(apiKey);
  const projects = useAllProjectsQuery();
  const create = useCreateSiteMutation();
  const update = useUpdateSiteMutation();
  const position = useCurrentPosition();
  const mapSettings = useMapSettingsQuery();
  const pending = create.isPending || update.isPending;
  const source = site ?? copyOf;
  const form = useFormState({
    name: site?.name ?? (copyOf ? copyName(copyOf.name) : ''),
    projectId: source ? String(source.projectId) : initialProjectId ? String(initialProjectId) : '',
    latitude: (source?.latitude ?? '') as NumberValue,
    longitude: (source?.longitude ?? '') as NumberValue,
    radius: (source?.radius ?? DEFAULT_GEOFENCE_RADIUS_M) as NumberValue,
    polygon: (source?.polygon?.map(([latitude, longitude]): Vertex => [latitude, longitude]) ?? null) as Vertex[] | null,
    shape: (source?.polygon?.length ? 'polygon' : 'circle') as GeofenceShape,
    typeId: source?.typeId ? String(source.typeId) : '',
    // An outside reference names one site: a copy starts without it.
    externalId: site?.externalId ?? '',
  });

  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const typeOptions = useMemo(
    () => (lookups.data?.teamTypes ?? []).map((type) => ({ value: String(type.id), label: localizedName(type, language) })),
    [lookups.data, language],
  );

  const placePin = (pin: LatLng) => {
    const { latitude, longitude } = fieldsFromPin(pin);
    form.setValue('latitude', latitude);
    form.setValue('longitude', longitude);
  };

  const findLocation = async () => {
    const found = await position.locate();
    if (found) placePin(found);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = siteBody({ ...form.values, whatsApp: site?.whatsApp });
    const handlers = {
      onSuccess: (saved: Site) => {
        notifySuccess(t(site ? 'sites.form.updated' : 'sites.form.created', { name: saved.name }));
        onSaved?.(saved);
      },
      onError: form.refused(site ? 'updateTeamFailed' : 'createTeamFailed'),
    };
    const body = site ? form.validate(siteUpdateRequest, { ...input, id: site.id }) : form.validate(siteRequest, input);
    if (!input.projectId) {
      form.setErrors((current) => ({ ...current, projectId: MSG.required }));
      return;
    }
    if (!body) return;
    if (site) update.mutate({ ...body, id: site.id }, handlers);
    else create.mutate(body, handlers);
  };

  const number = (name: 'latitude' | 'longitude' | 'radius') => ({
    ...form.field(name),
    readOnly,
    hideControls: true,
    // What the user typed stays as typed: a value out of range is refused with a message, never rewritten.
    clampBehavior: 'none' as const,
  });

  /** A coordinate out of range is said under its field as soon as the user leaves it. */
  const checkCoordinate = (name: 'latitude' | 'longitude') => () => {
    const checked = siteCoordinates[name].safeParse(toNumber(form.values[name]));
    if (!checked.success) form.setErrors((current) => ({ ...current, [name]: checked.error.issues[0]?.message }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('sites.form.name')}
          description={readOnly ? undefined : t('sites.form.nameHint')}
          required={!readOnly}
          data-autofocus
          readOnly={readOnly}
          {...form.field('name')}
        />
        <Select
          label={t('sites.form.project')}
          placeholder={projects.isPending ? t('app.loading') : t('sites.form.projectPlaceholder')}
          required={!readOnly}
          searchable
          readOnly={readOnly || Boolean(site)}
          description={site && !readOnly ? t('sites.form.projectHint') : undefined}
          data={projectOptions}
          {...form.select('projectId')}
          nothingFoundMessage={t('sites.form.noProjects')}
          error={form.error('projectId') ?? (projects.isError ? errorMessage(projects.error, 'fetchProjectsFailed') : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={t('sites.form.latitude')}
            placeholder="24.7136"
            decimalScale={6}
            dir="ltr"
            {...number('latitude')}
            onBlur={checkCoordinate('latitude')}
          />
          <NumberInput
            label={t('sites.form.longitude')}
            placeholder="46.6753"
            decimalScale={6}
            dir="ltr"
            {...number('longitude')}
            onBlur={checkCoordinate('longitude')}
          />
        </SimpleGrid>
        {readOnly ? null : (
          <Group gap="sm">
            <Button variant="light" size="xs" leftSection={<IconCurrentLocation size={16} />} onClick={() => void findLocation()} loading={position.pending}>
              {t('sites.form.findLocation')}
            </Button>
          </Group>
        )}
        {position.problem ? (
          <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert">
            {t(`sites.location.${position.problem}`)}
          </Alert>
        ) : null}
        <MapPicker
          tiles={mapSettings.data}
          pin={pinFromFields(form.values.latitude, form.values.longitude)}
          radius={radiusFromField(form.values.radius)}
          polygon={form.values.polygon}
          shape={form.values.shape}
          readOnly={readOnly}
          onPin={placePin}
          onRadius={(metres) => form.setValue('radius', metres)}
          onShape={(shape) => form.setValue('shape', shape)}
          onPolygon={(vertices) => form.setValue('polygon', vertices)}
        />
        {form.error('polygon') ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {form.error('polygon')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberInput
            label={t('sites.form.radius')}
            description={t('sites.form.radiusHint')}
            suffix={` ${t('sites.form.metres')}`}
            allowDecimal={false}
            min={10}
            max={10000}
            {...number('radius')}
          />
          <Select
            label={t('sites.form.type')}
            placeholder={lookups.isPending ? t('app.loading') : t('sites.form.typePlaceholder')}
            description={!readOnly && lookups.isSuccess && typeOptions.length === 0 ? t('sites.form.noTypes') : undefined}
            clearable
            readOnly={readOnly}
            data={typeOptions}
            {...form.select('typeId')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <TextInput
          label={t('sites.form.externalId')}
          description={readOnly ? undefined : t('sites.form.externalIdHint')}
          readOnly={readOnly}
          {...form.field('externalId')}
        />
        {readOnly ? null : <FormActions submitLabel={site ? t('actions.saveChanges') : t('sites.form.create')} pending={pending} onCancel={onCancel} />}
      </Stack>
    </form>
  );
}
