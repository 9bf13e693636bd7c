// The map of the site form's picker, drawn with Leaflet (react-leaflet), which arrives in a chunk
// of its own with the pages that show a map. Leaflet was chosen over MapLibre GL JS by measure:
// Leaflet 1.9 with react-leaflet 5 adds about 45 KB of gzipped script and 6.5 KB of CSS to that
// chunk (49 KB with the sites map's supercluster), MapLibre GL 6 with react-map-gl 8 about 307 KB
// and 10 KB, and needs WebGL; the picker needs only a draggable pin, a circle with a resize
// handle and polygon vertices, which Leaflet draws as SVG over raster tiles. The map keeps
// left-to-right geometry in Arabic (a map is not mirrored); its controls and texts around it
// follow the page's direction.
import { useEffect, useMemo, useRef } from 'react';
import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, Marker, Polygon, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import type { MapSettings } from '@fieldops/shared/maps';
import {
  clampRadius,
  directionOfKey,
  handleOf,
  moveVertex,
  needsRecentre,
  nudge,
  nudgeVertex,
  NUDGE_FAR_M,
  NUDGE_M,
  radiusAfterKey,
  type LatLng,
  type Vertex,
} from './geofence-edit.ts';
import { handleIcon, MapName, pinIcon, vertexIcon } from './leaflet-parts.tsx';
import './map.css';

export interface PickerMapProps {
  pin: LatLng | null;
  radius: number | null;
  polygon: Vertex[] | null;
  /** Clicks add the polygon's vertices rather than move the pin. */
  drawing: boolean;
  readOnly: boolean;
  tiles: MapSettings;
  labels: { map: string; pin: string; handle: string; zoomIn: string; zoomOut: string; corner: (number: number) => string };
  onPin: (pin: LatLng) => void;
  onRadius: (metres: number) => void;
  onVertex: (point: LatLng) => void;
  /** The polygon with one corner moved (dragged, or its arrow keys), while drawing. */
  onPolygon?: (vertices: Vertex[]) => void;
}

const WORLD: L.LatLngTuple = [20, 0];
const toTuple = (p: LatLng): L.LatLngTuple => [p.latitude, p.longitude];
const fromLeaflet = (p: L.LatLng): LatLng => ({ latitude: p.lat, longitude: p.lng });

/**
 * Moves the map to the pin when it comes from the fields or the device and is out of view, and
 * zooms in on a pin placed where there was none.
 */
function FollowPin({ pin }: { pin: LatLng | null }) {
  const map = useMap();
  const had = useRef(false);
  useEffect(() => {
    const bounds = map.getBounds();
    const shown = had.current ? { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() } : null;
    had.current = pin !== null;
    if (pin && needsRecentre(pin, shown)) map.setView(toTuple(pin), Math.max(map.getZoom(), 16));
  }, [map, pin]);
  return null;
}

function Clicks({ onClick }: { onClick: ((point: LatLng) => void) | null }) {
  useMapEvents({ click: (event) => onClick?.(fromLeaflet(event.latlng)) });
  return null;
}

/**
 * Arrow keys on a focused pin or handle (Leaflet's markers answer the keyboard only with Enter),
 * caught before the map's own arrow keys pan it.
 */
function MarkerKeys({ onKey }: { onKey: (kind: 'pin' | 'handle' | number, event: KeyboardEvent) => boolean }) {
  const map = useMap();
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const container = map.getContainer();
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const cornerClass = target ? [...target.classList].find((name) => name.startsWith('fo-map-corner-')) : undefined;
      const corner = cornerClass ? Number(cornerClass.slice('fo-map-corner-'.length)) : NaN;
      const kind = target?.classList.contains('fo-map-pin')
        ? 'pin'
        : target?.classList.contains('fo-map-handle')
          ? 'handle'
          : Number.isInteger(corner)
            ? corner
            : null;
      if (kind !== null && handler.current(kind, event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    container.addEventListener('keydown', listener, true);
    return () => container.removeEventListener('keydown', listener, true);
  }, [map]);
  return null;
}

export function PickerMap({ pin, radius, polygon, drawing, readOnly, tiles, labels, onPin, onRadius, onVertex, onPolygon }: PickerMapProps) {
  const icons = useMemo(() => ({ pin: pinIcon(labels.pin), handle: handleIcon(labels.handle), vertex: vertexIcon() }), [labels.pin, labels.handle]);
  // Corners can be moved while drawing: each its own icon, named by its number.
  const movable = drawing && !readOnly && onPolygon !== undefined;
  const cornerCount = polygon?.length ?? 0;
  const { corner } = labels;
  const cornerIcons = useMemo(() => Array.from({ length: cornerCount }, (_, index) => vertexIcon(corner(index + 1), index)), [cornerCount, corner]);
  const showCircle = pin !== null && radius !== null && !(polygon && polygon.length > 0);
  const handle = showCircle ? handleOf(pin, radius) : null;

  const onKey = (kind: 'pin' | 'handle' | number, event: KeyboardEvent) => {
    if (typeof kind === 'number') {
      const direction = directionOfKey(event.key);
      if (!movable || !polygon || !direction) return false;
      onPolygon?.(nudgeVertex(polygon, kind, direction, event.shiftKey ? NUDGE_FAR_M : NUDGE_M));
      return true;
    }
    if (readOnly || !pin) return false;
    if (kind === 'pin') {
      const direction = directionOfKey(event.key);
      if (!direction) return false;
      onPin(nudge(pin, direction, event.shiftKey ? NUDGE_FAR_M : NUDGE_M));
      return true;
    }
    const next = radius === null ? null : radiusAfterKey(radius, event.key, event.shiftKey);
    if (next === null) return false;
    onRadius(next);
    return true;
  };

  const click = readOnly ? null : drawing ? onVertex : onPin;

  return (
    // The map's own geometry stays left to right in Arabic.
    <div dir="ltr" style={{ height: '100%' }}>
      <MapContainer
        className="fo-map"
        center={pin ? toTuple(pin) : WORLD}
        zoom={pin ? 16 : 2}
        zoomControl={false}
        attributionControl
        style={{ cursor: readOnly ? undefined : 'crosshair' }}
      >
        {tiles.tileUrl ? <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} /> : null}
        <ZoomControl zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
        <MapName label={labels.map} />
        <MarkerKeys onKey={onKey} />
        <FollowPin pin={pin} />
        <Clicks onClick={click} />
        {pin ? (
          <Marker
            position={toTuple(pin)}
            icon={icons.pin}
            title={labels.pin}
            draggable={!readOnly}
            keyboard
            eventHandlers={{ dragend: (event) => onPin(fromLeaflet((event.target as L.Marker).getLatLng())) }}
          />
        ) : null}
        {showCircle ? (
          <Circle center={toTuple(pin)} radius={radius} pathOptions={{ color: '#1c7ed6', weight: 2, fillOpacity: 0.12 }} interactive={false} />
        ) : null}
        {handle && !readOnly ? (
          <Marker
            position={toTuple(handle)}
            icon={icons.handle}
            title={labels.handle}
            draggable
            keyboard
            eventHandlers={{
              drag: (event) => {
                if (pin) onRadius(clampRadius((event.target as L.Marker).getLatLng().distanceTo(toTuple(pin))));
              },
            }}
          />
        ) : null}
        {polygon && polygon.length > 0 ? (
          <>
            <Polygon positions={polygon} pathOptions={{ color: '#e8590c', weight: 2, fillOpacity: 0.12 }} interactive={false} />
            {polygon.map((vertex, index) =>
              movable ? (
                <Marker
                  // By its place alone, so a corner moved by the keys keeps its element and its focus.
                  key={index}
                  position={vertex}
                  icon={cornerIcons[index] ?? icons.vertex}
                  title={corner(index + 1)}
                  draggable
                  keyboard
                  eventHandlers={{
                    dragend: (event) => onPolygon?.(moveVertex(polygon, index, fromLeaflet((event.target as L.Marker).getLatLng()))),
                  }}
                />
              ) : (
                <Marker key={`${index}-${vertex[0]}-${vertex[1]}`} position={vertex} icon={icons.vertex} interactive={false} keyboard={false} />
              ),
            )}
          </>
        ) : null}
      </MapContainer>
    </div>
  );
}
