// The site form's map picker: the pin and its geofence (a circle with a resize handle, or a
// polygon drawn corner by corner) on a map that arrives in its own chunk (picker-map.tsx). The
// coordinate and radius fields stay the source of truth: the picker shows what they hold and
// hands back what is placed, dragged or keyed on the map. Without tiles, or while the map's code
// arrives, the summary below it still says where the pin and the geofence are.
import { Suspense, useCallback } from 'react';
import { Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBackspace, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../lib/lazy-page.ts';
import type { MapSettings } from '@fieldops/shared/maps';
import { addVertex, summaryOf, undoVertex, type LatLng, type Vertex } from './geofence-edit.ts';
import type { PickerMapProps } from './picker-map.tsx';

const PickerMapPart = lazyPart<PickerMapProps>(async () => (await import('./picker-map.tsx')).PickerMap);

/** A coordinate kept left to right inside a sentence, so an Arabic one does not move its minus sign to the end. */
export const leftToRight = (value: number) => `\u2066${value}\u2069`;

const NO_TILES: MapSettings = { tileUrl: '', attribution: '' };

export type GeofenceShape = 'circle' | 'polygon';

export interface MapPickerProps {
  /** The tile source; without it (offline, or not yet known) the map draws on its plain background. */
  tiles: MapSettings | undefined;
  pin: LatLng | null;
  radius: number | null;
  /** The polygon's corners; undefined where sites cannot hold a polygon. */
  polygon?: Vertex[] | null;
  shape: GeofenceShape;
  readOnly?: boolean;
  onPin: (pin: LatLng) => void;
  onRadius: (metres: number) => void;
  onShape?: (shape: GeofenceShape) => void;
  onPolygon?: (vertices: Vertex[] | null) => void;
  height?: number;
}

export function MapPicker({ tiles, pin, radius, polygon, shape, readOnly = false, onPin, onRadius, onShape, onPolygon, height = 320 }: MapPickerProps) {
  const { t } = useTranslation();
  const polygons = polygon !== undefined && onPolygon !== undefined;
  const drawing = polygons && shape === 'polygon' && !readOnly;
  const corners = polygon ?? [];
  const summary = summaryOf(pin, radius, shape === 'polygon' ? corners : null);
  const addCorner = (point: LatLng) => onPolygon?.(addVertex(corners, point));
  const cornerLabel = useCallback((number: number) => t('maps.picker.corner', { number }), [t]);

  return (
    <Stack gap="xs">
      {polygons && !readOnly ? (
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('maps.picker.shape')}
            size="xs"
            value={shape}
            onChange={(value) => onShape?.(value as GeofenceShape)}
            data={[
              { value: 'circle', label: t('maps.picker.circle') },
              { value: 'polygon', label: t('maps.picker.polygon') },
            ]}
          />
          {drawing ? (
            <>
              <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} disabled={!pin} onClick={() => pin && addCorner(pin)}>
                {t('maps.picker.addCorner')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconBackspace size={14} />}
                disabled={corners.length === 0}
                onClick={() => onPolygon?.(undoVertex(corners))}
              >
                {t('maps.picker.undo')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={corners.length === 0}
                onClick={() => onPolygon?.(null)}
              >
                {t('maps.picker.clear')}
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
      <Box h={height} data-testid="map-picker">
        {typeof window === 'undefined' ? null : (
          <Suspense
            fallback={
              <Text size="sm" c="dimmed" p="md">
                {t('maps.loading')}
              </Text>
            }
          >
            <PickerMapPart.Component
              pin={pin}
              radius={radius}
              polygon={shape === 'polygon' ? corners : null}
              drawing={drawing}
              readOnly={readOnly}
              tiles={tiles ?? NO_TILES}
              labels={{
                map: t('maps.picker.label'),
                pin: t('maps.picker.pin'),
                handle: t('maps.picker.handle'),
                zoomIn: t('maps.zoomIn'),
                zoomOut: t('maps.zoomOut'),
                corner: cornerLabel,
              }}
              onPin={onPin}
              onRadius={onRadius}
              onVertex={addCorner}
              onPolygon={onPolygon}
            />
          </Suspense>
        )}
      </Box>
      {readOnly ? null : (
        <Text size="xs" c="dimmed">
          {t(drawing ? 'maps.picker.hintPolygon' : 'maps.picker.hint')}
        </Text>
      )}
      <Text size="sm" aria-live="polite" data-testid="map-summary">
        {summary.key === 'noPin'
          ? t('maps.picker.summary.noPin')
          : t(`maps.picker.summary.${summary.key}`, { ...summary, latitude: leftToRight(summary.latitude), longitude: leftToRight(summary.longitude) })}
      </Text>
    </Stack>
  );
}
