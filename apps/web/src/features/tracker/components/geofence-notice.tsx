// Before answering, where the member stands against the site's area: inside (and how far from
// its centre), outside (how far beyond its edge; answers are kept but not counted), a fix too imprecise to tell, or no
// position (the server treats those two as outside too). Nothing is shown when the task has no geofence or the site no position.
import { memo } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPinCheck, IconMapPinOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import type { GeofenceCheck } from './runner-rules.ts';

/** "120 m" under a kilometre, "1.4 km" above. */
export function formatDistance(metres: number, t: TFunction, language: Language): string {
  if (metres < 1000) return t('tracker.units.metres', { value: formatNumber(Math.round(metres), language) });
  return t('tracker.units.kilometres', { value: formatNumber(Math.round(metres / 100) / 10, language) });
}

/** Memoised: answering an action on the runner leaves it as it is. */
export const GeofenceNotice = memo(function GeofenceNotice({ check, onLocate }: { check: GeofenceCheck; onLocate: () => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const distance = (metres: number) => formatDistance(metres, t, language);
  const again = (
    <Button size="xs" variant="light" leftSection={<IconCurrentLocation size={14} />} onClick={onLocate} mt="xs">
      {t('tracker.geofence.locateAgain')}
    </Button>
  );

  switch (check.kind) {
    case 'off':
      return null;
    case 'asking':
      return (
        <Alert color="gray" variant="light" icon={<Loader size={16} />}>
          {t('tracker.geofence.asking')}
        </Alert>
      );
    case 'inside':
      return (
        <Alert color="teal" variant="light" icon={<IconMapPinCheck size={18} />} title={t('tracker.geofence.insideTitle')}>
          <Text size="sm">
            {check.distance === null
              ? t('tracker.geofence.insideArea', { accuracy: distance(check.accuracy) })
              : t('tracker.geofence.inside', { distance: distance(check.distance), accuracy: distance(check.accuracy) })}
          </Text>
        </Alert>
      );
    case 'outside':
      return (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title={t('tracker.geofence.outsideTitle')} role="alert">
          <Text size="sm">{t('tracker.geofence.outside', { distance: distance(check.distance), accuracy: distance(check.accuracy) })}</Text>
          <Group>{again}</Group>
        </Alert>
      );
    case 'imprecise':
      return (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title={t('tracker.geofence.impreciseTitle')} role="alert">
          <Text size="sm">{t('tracker.geofence.imprecise', { accuracy: distance(check.accuracy), limit: distance(check.limit) })}</Text>
          <Group>{again}</Group>
        </Alert>
      );
    case 'denied':
    case 'unavailable':
      return (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} />} title={t(`tracker.geofence.${check.kind}Title`)} role="alert">
          <Text size="sm">{t(`tracker.geofence.${check.kind}`)}</Text>
          <Group>{again}</Group>
        </Alert>
      );
  }
});
