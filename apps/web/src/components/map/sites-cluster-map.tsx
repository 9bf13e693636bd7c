// The sites map: every site of the business with coordinates, clustered (supercluster) so that
// thousands stay quick to draw, each site and cluster coloured by completion rate. A site opens
// on click or Enter; a cluster zooms in. Arrives in its own chunk with Leaflet (see
// picker-map.tsx for why Leaflet), plus supercluster, about 4 KB gzipped.
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import Supercluster from 'supercluster';
import type { MapSettings } from '@fieldops/shared/maps';
import { escapeHtml, MapName, useClustersInView, type ClusterMapLabels } from './leaflet-parts.tsx';
import './map.css';

export interface ClusterSite {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  completionRate: number | null;
}

export interface SitesClusterMapProps {
  sites: readonly ClusterSite[];
  tiles: MapSettings;
  labels: ClusterMapLabels & { site: (site: ClusterSite) => string };
  onOpen: (siteId: number) => void;
  /** The colour of a site or a cluster by its completion rate (null: no schedules). */
  colourOf: (rate: number | null) => string;
}

interface SiteProps {
  id: number;
  rateSum: number;
  rated: number;
}
type ClusterProps = SiteProps & { cluster?: boolean; point_count?: number };

function siteIcon(colour: string, label: string) {
  return L.divIcon({
    className: '',
    html: `<span class="fo-map-cluster" style="width:18px;height:18px;background:${colour}" aria-hidden="true"></span><span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

function clusterIcon(colour: string, count: number, label: string) {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 48;
  return L.divIcon({
    className: '',
    html: `<span class="fo-map-cluster" style="width:${size}px;height:${size}px;background:${colour}" aria-hidden="true">${count}</span><span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** A marker acts on a click, and on Enter or Space when focused (Leaflet passes keys on as keypress). */
const onActivate = (act: () => void): L.LeafletEventHandlerFnMap => ({
  click: act,
  keypress: (event) => {
    const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
    if (key === 'Enter' || key === ' ') act();
  },
});

function FitSites({ sites }: { sites: readonly ClusterSite[] }) {
  const map = useMap();
  useEffect(() => {
    if (sites.length === 0) return;
    const bounds = L.latLngBounds(sites.map((site) => [site.latitude, site.longitude] as L.LatLngTuple));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
  }, [map, sites]);
  return null;
}

function Clusters({
  index,
  labels,
  onOpen,
  byId,
  colourOf,
}: {
  index: Supercluster<SiteProps, SiteProps>;
  labels: SitesClusterMapProps['labels'];
  onOpen: (id: number) => void;
  byId: Map<number, ClusterSite>;
  colourOf: SitesClusterMapProps['colourOf'];
}) {
  const { map, features, iconOf } = useClustersInView(index);

  return (
    <>
      {features.map((feature) => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as ClusterProps;
        // A cluster's rate is the average of its sites that had schedules.
        const colour = colourOf(props.rated === 0 ? null : props.rateSum / props.rated);
        if (props.cluster) {
          const count = props.point_count ?? 0;
          const clusterId = Number(feature.id);
          return (
            <Marker
              key={`c${clusterId}`}
              position={[latitude, longitude]}
              icon={iconOf(`c${colour}${count}`, () => clusterIcon(colour, count, labels.cluster(count)))}
              title={labels.cluster(count)}
              keyboard
              eventHandlers={onActivate(() => map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterId), 18)))}
            />
          );
        }
        const site = byId.get(props.id);
        if (!site) return null;
        const label = labels.site(site);
        return (
          <Marker
            key={`s${site.id}`}
            position={[latitude, longitude]}
            icon={iconOf(`s${colour}${label}`, () => siteIcon(colour, label))}
            title={label}
            keyboard
            eventHandlers={onActivate(() => onOpen(site.id))}
          />
        );
      })}
    </>
  );
}

export function SitesClusterMap({ sites, tiles, labels, onOpen, colourOf }: SitesClusterMapProps) {
  const index = useMemo(() => {
    const cluster = new Supercluster<SiteProps, SiteProps>({
      radius: 60,
      maxZoom: 17,
      map: (p) => ({ id: p.id, rateSum: p.rateSum, rated: p.rated }),
      reduce: (acc, p) => {
        acc.rateSum += p.rateSum;
        acc.rated += p.rated;
      },
    });
    cluster.load(
      sites.map((site) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [site.longitude, site.latitude] },
        properties: { id: site.id, rateSum: site.completionRate ?? 0, rated: site.completionRate === null ? 0 : 1 },
      })),
    );
    return cluster;
  }, [sites]);
  const byId = useMemo(() => new Map(sites.map((site) => [site.id, site])), [sites]);

  return (
    <div dir="ltr" style={{ height: '100%' }}>
      <MapContainer className="fo-map" center={[20, 0]} zoom={2} zoomControl={false} attributionControl>
        {tiles.tileUrl ? <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} /> : null}
        <ZoomControl zoomInTitle={labels.zoomIn} zoomOutTitle={labels.zoomOut} />
        <MapName label={labels.map} />
        <Clusters index={index} labels={labels} onOpen={onOpen} byId={byId} colourOf={colourOf} />
        {/* After the clusters, so that they listen for the move the fitting makes. */}
        <FitSites sites={sites} />
      </MapContainer>
    </div>
  );
}
