// The answers map of the reports: each answer with a position as a marker whose colour, shape and
// symbol give its location status (answer-status.ts), clustered (supercluster) with a ring shared
// among the cluster's statuses, over the geofences of the answers' sites (circles and polygons
// drawn as SVG, so they and the markers show with no tiles). A marker opens its popup on click or
// Enter; a cluster zooms in. Arrives in the map chunk with Leaflet (picker-map.tsx).
import { useEffect, useMemo, type ReactNode } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, Marker, Polygon, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import Supercluster from 'supercluster';
import type { AnswerMapPoint, AnswerMapSite, AnswerMapStatus } from '@fieldops/shared/answers-map';
import type { MapSettings } from '@fieldops/shared/maps';
import { emptyCounts, ringGradient, SHAPE_CLIPS, STATUS_LOOKS, STATUS_ORDER, type StatusCounts } from './answer-status.ts';
import { escapeHtml, MapName, useClustersInView, type ClusterMapLabels } from './leaflet-parts.tsx';
import './map.css';

export interface AnswersMapProps {
  answers: readonly AnswerMapPoint[];
  sites: readonly AnswerMapSite[];
  tiles: MapSettings;
  labels: ClusterMapLabels & { answer: (answer: AnswerMapPoint) => string };
  /** What a marker's popup holds. */
  popup: (answer: AnswerMapPoint) => ReactNode;
  /** The page's direction, for the popups' text (the map itself stays left to right). */
  dir: 'ltr' | 'rtl';
}

type PointProps = { id: number } & StatusCounts;
type ClusterProps = PointProps & { cluster?: boolean; point_count?: number };

const MARKER = 24;

function answerIcon(status: AnswerMapStatus, label: string) {
  const look = STATUS_LOOKS[status];
  return L.divIcon({
    className: 'fo-map-answer',
    html:
      `<span class="fo-map-answer-shape" data-status="${status}" style="width:${MARKER}px;height:${MARKER}px;background:${look.colour};color:${look.ink};clip-path:${SHAPE_CLIPS[look.shape]}" aria-hidden="true">${look.symbol}</span>` +
      `<span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [MARKER, MARKER],
    iconAnchor: [MARKER / 2, MARKER / 2],
    popupAnchor: [0, -MARKER / 2],
  });
}

function clusterIcon(counts: StatusCounts, count: number, label: string) {
  const size = count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 50;
  return L.divIcon({
    className: '',
    html:
      `<span class="fo-map-answer-cluster" style="width:${size}px;height:${size}px;background:${ringGradient(counts)}" aria-hidden="true"><span>${count}</span></span>` +
      `<span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

function FitAll({ answers, sites }: { answers: readonly AnswerMapPoint[]; sites: readonly AnswerMapSite[] }) {
  const map = useMap();
  useEffect(() => {
    const points: L.LatLngTuple[] = answers.map((answer) => [answer.latitude, answer.longitude]);
    for (const site of sites) {
      if (site.polygon) points.push(...site.polygon.map(([lat, lng]) => [lat, lng] as L.LatLngTuple));
      else if (site.latitude !== null && site.longitude !== null) points.push([site.latitude, site.longitude]);
    }
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 17 });
  }, [map, answers, sites]);
  return null;
}

function Geofences({ sites }: { sites: readonly AnswerMapSite[] }) {
  const style = { color: '#1c7ed6', weight: 2, fillOpacity: 0.08, dashArray: '6 4', interactive: false };
  return (
    <>
      {sites.map((site) => {
        if (site.polygon && site.polygon.length >= 3)
          return <Polygon key={site.id} positions={site.polygon.map(([lat, lng]) => [lat, lng])} pathOptions={style} />;
        if (site.latitude === null || site.longitude === null) return null;
        return <Circle key={site.id} center={[site.latitude, site.longitude]} radius={site.radius} pathOptions={style} />;
      })}
    </>
  );
}

function Markers({
  index,
  byId,
  labels,
  popup,
  dir,
}: { index: Supercluster<PointProps, PointProps>; byId: Map<number, AnswerMapPoint> } & Pick<AnswersMapProps, 'labels' | 'popup' | 'dir'>) {
  const { map, features, iconOf } = useClustersInView(index);

  return (
    <>
      {features.map((feature) => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as ClusterProps;
        if (props.cluster) {
          const count = props.point_count ?? 0;
          const clusterId = Number(feature.id);
          const counts = Object.fromEntries(STATUS_ORDER.map((status) => [status, props[status]])) as StatusCounts;
          const key = `c${count}:${STATUS_ORDER.map((status) => counts[status]).join(',')}`;
          const zoomIn = () => map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterId), 19));
          return (
            <Marker
              key={`c${clusterId}`}
              position={[latitude, longitude]}
              icon={iconOf(key, () => clusterIcon(counts, count, labels.cluster(count)))}
              title={labels.cluster(count)}
              keyboard
              eventHandlers={{
                click: zoomIn,
                keypress: (event) => {
                  const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
                  if (key === 'Enter' || key === ' ') zoomIn();
                },
              }}
            />
          );
        }
        const answer = byId.get(props.id);
        if (!answer) return null;
        const label = labels.answer(answer);
        return (
          <Marker
            key={`a${answer.id}`}
            position={[latitude, longitude]}
            icon={iconOf(`a${answer.id}`, () => answerIcon(answer.status, label))}
            title={label}
            keyboard
          >
            <Popup>
              <div dir={dir} className="fo-map-popup">
                {popup(answer)}
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

export function AnswersMap({ answers, sites, tiles, labels, popup, dir }: AnswersMapProps) {
  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps, PointProps>({
      radius: 50,
      maxZoom: 18,
      map: (p) => ({ ...p }),
      reduce: (acc, p) => {
        for (const status of STATUS_ORDER) acc[status] += p[status];
      },
    });
    cluster.load(
      answers.map((answer) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [answer.longitude, answer.latitude] },
        properties: { id: answer.id, ...emptyCounts(), [answer.status]: 1 },
      })),
    );
    return cluster;
  }, [answers]);
  const byId = useMemo(() => new Map(answers.map((answer) => [answer.id, answer])), [answers]);

  return (
    <div dir="ltr" style={{ height: '100%' }}>
      <MapContainer className="fo-map" center={[20, 0]} zoom={2} zoomControl={false} attributionControl>
        {tiles.tileUrl ? <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} /> : null}
        <ZoomControl zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
        <MapName label={labels.map} />
        <Geofences sites={sites} />
        <Markers index={index} byId={byId} labels={labels} popup={popup} dir={dir} />
        {/* After the markers, so that they listen for the move the fitting makes. */}
        <FitAll answers={answers} sites={sites} />
      </MapContainer>
    </div>
  );
}
