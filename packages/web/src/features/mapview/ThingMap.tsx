/**
 * The floor plan in Leaflet (CRS.Simple, zoom -2 to 4) with things as clustered markers
 * (leaflet.markercluster). Markers are kept by thing id and moved in place when the data changes, so
 * open popups and the view survive live updates. Popups: name, zone, last seen and a link.
 */
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from 'leaflet';
import 'leaflet.markercluster';
import { Box } from '@mui/material';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN, type Thing } from '@sightline/shared';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../components/format';
import { thingPath } from '../exceptions/exception-text';
import { fractionToLatLng, type ImageSize, imageBounds } from './geometry';

export interface ThingMapProps {
  imageUrl: string;
  size: ImageSize;
  things: Thing[];
  zoneNames: ReadonlyMap<string, string>;
  /** Path (with the site) of a thing's editor. */
  linkOf: (path: string) => string;
  onOpen: (href: string) => void;
}

const COLORS = { item: '#1f4fd1', worker: '#dc6803' } as const;

function markerIcon(thing: Thing) {
  const alarm = thing.alarmTamper ? ' sl-marker--alarm' : '';
  return L.divIcon({
    className: `sl-marker sl-marker--${thing.class}${alarm}`,
    html: `<span style="background:${COLORS[thing.class]}"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    popupAnchor: [0, -8],
  });
}

function popupContent(thing: Thing, zone: string, href: string, onOpen: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'sl-popup';
  const line = (label: string, value: string) => {
    const row = document.createElement('div');
    const key = document.createElement('span');
    key.textContent = `${label}: `;
    key.className = 'sl-popup__label';
    row.append(key, value);
    root.append(row);
  };
  const title = document.createElement('strong');
  title.textContent = thing.name;
  root.append(title);
  line('Zone', zone);
  line('Last Seen', formatDateTime(thing.lastEvent));
  const link = document.createElement('a');
  link.href = href;
  link.textContent = 'Open';
  link.addEventListener('click', (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    onOpen(href);
  });
  root.append(link);
  return root;
}

/**
 * The first view: the whole plan when it fills most of the map (a desktop), else the plan covering
 * the map, centred (a plan wider than a phone held upright): a third of the screen left blank and
 * room names a few pixels high help nobody; pinch and drag reach the rest.
 */
function fitPlan(map: L.Map, bounds: L.LatLngBoundsLiteral) {
  const plan = L.latLngBounds(bounds);
  const view = map.getSize();
  const planRatio = (plan.getEast() - plan.getWest()) / (plan.getNorth() - plan.getSouth());
  const viewRatio = view.x / Math.max(1, view.y);
  const filled = Math.min(planRatio, viewRatio) / Math.max(planRatio, viewRatio);
  if (filled >= 2 / 3) map.fitBounds(plan, { animate: false });
  else map.setView(plan.getCenter(), map.getBoundsZoom(plan, true), { animate: false });
}

export function ThingMap({ imageUrl, size, things, zoneNames, linkOf, onOpen }: ThingMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(undefined);
  const clusterRef = useRef<L.MarkerClusterGroup>(undefined);
  const markers = useRef(new Map<string, L.Marker>());

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const bounds = imageBounds(size);
    const map = L.map(el, {
      crs: L.CRS.Simple,
      minZoom: MAP_ZOOM_MIN,
      maxZoom: MAP_ZOOM_MAX,
      zoomSnap: 0.25,
      attributionControl: false,
      maxBounds: L.latLngBounds(bounds).pad(0.5),
    });
    L.imageOverlay(imageUrl, bounds).addTo(map);
    fitPlan(map, bounds);
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 40 });
    cluster.addTo(map);
    mapRef.current = map;
    clusterRef.current = cluster;
    const known = markers.current;
    // Until the user pans or zooms, the first view follows the map's size (the page settling,
    // a phone turned); after that the user's view stays.
    let fitting = false;
    let moved = false;
    map.on('dragstart zoomstart', () => {
      if (!fitting) moved = true;
    });
    const resize = new ResizeObserver(() => {
      map.invalidateSize();
      if (moved) return;
      fitting = true;
      fitPlan(map, bounds);
      fitting = false;
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      known.clear();
      map.remove();
      mapRef.current = undefined;
      clusterRef.current = undefined;
    };
  }, [imageUrl, size]);

  useEffect(() => {
    const cluster = clusterRef.current;
    if (!cluster) return;
    const known = markers.current;
    const seen = new Set<string>();
    const added: L.Marker[] = [];
    for (const thing of things) {
      const at = fractionToLatLng(thing.xycoordinates, size);
      if (!at) continue;
      seen.add(thing._id);
      const href = linkOf(thingPath(thing._id, thing.class));
      const zone = (thing.zone && zoneNames.get(thing.zone)) || '—';
      const content = popupContent(thing, zone, href, onOpen);
      const existing = known.get(thing._id);
      if (existing) {
        const was = existing.getLatLng();
        if (was.lat !== at[0] || was.lng !== at[1]) existing.setLatLng(at);
        existing.setIcon(markerIcon(thing));
        existing.setPopupContent(content);
        existing.options.title = thing.name;
        continue;
      }
      const marker = L.marker(at, {
        icon: markerIcon(thing),
        title: thing.name,
        alt: thing.name,
        keyboard: true,
      });
      marker.bindPopup(content);
      known.set(thing._id, marker);
      added.push(marker);
    }
    if (added.length) cluster.addLayers(added);
    const gone = [...known.entries()].filter(([id]) => !seen.has(id));
    if (gone.length) {
      cluster.removeLayers(gone.map(([, m]) => m));
      for (const [id] of gone) known.delete(id);
    }
  }, [things, zoneNames, size, linkOf, onOpen]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label="Map"
      data-testid="thing-map"
      sx={{
        height: '100%',
        minHeight: 360,
        bgcolor: '#eef2f7',
        borderRadius: 1,
        '& .sl-marker span': {
          display: 'block',
          width: 18,
          height: 18,
          borderRadius: '50%',
          border: '3px solid #fff',
          boxShadow: '0 1px 4px rgba(15,23,42,0.45)',
        },
        '& .sl-marker--alarm span': { outline: '3px solid #d92d20' },
        '& .sl-popup': { display: 'grid', gap: 0.25, fontSize: 13, minWidth: 160 },
        '& .sl-popup strong': { fontSize: 14, mb: 0.5 },
        '& .sl-popup__label': { color: 'text.secondary' },
        '& .sl-popup a': { mt: 0.75, fontWeight: 600 },
        // Clusters in the console's colours: blue, deeper as they grow.
        '& .marker-cluster-small, & .marker-cluster-medium, & .marker-cluster-large': {
          bgcolor: 'rgba(31,79,209,0.22)',
        },
        '& .marker-cluster-small div': { bgcolor: 'rgba(31,79,209,0.55)' },
        '& .marker-cluster-medium div': { bgcolor: 'rgba(31,79,209,0.72)' },
        '& .marker-cluster-large div': { bgcolor: 'rgba(23,59,158,0.9)' },
        '& .marker-cluster div': { color: '#fff', fontWeight: 700 },
      }}
    />
  );
}
