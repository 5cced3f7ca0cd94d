/** The endpoint editor's form values and the API body built from them (the shared `Endpoint`). */
import type { EndpointInputRaw } from '@sightline/shared';

type Coordinate = number | null;
export type AntennaForm = {
  antenna: number | null;
  xycoordinates: [Coordinate, Coordinate];
  map: string | null;
};

export type EndpointForm = {
  _id?: string;
  name: string;
  uuid: string;
  site: string;
  map: string | null;
  xycoordinates: [Coordinate, Coordinate];
  externalgate: boolean;
  description: string;
  epcisId: string;
  autoEnroll: { enabled: boolean; locationEnabled: boolean };
  antennas: AntennaForm[];
  /** Read only: made by the server, shown to those who may modify endpoints. */
  key?: string;
  qrcode?: string | null;
};

export const DEFAULTS: EndpointForm = {
  name: '',
  uuid: '',
  site: '',
  map: null,
  xycoordinates: [0, 0],
  externalgate: false,
  description: '',
  epcisId: '',
  autoEnroll: { enabled: false, locationEnabled: false },
  antennas: [],
};

export const newAntenna = (antennas: AntennaForm[] = []): AntennaForm => ({
  antenna: Math.max(0, ...antennas.map((a) => a.antenna ?? 0)) + 1,
  xycoordinates: [0, 0],
  map: null,
});

const coordinate = (v: Coordinate): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function endpointBody(v: EndpointForm, site: string): EndpointInputRaw {
  return {
    name: v.name.trim(),
    uuid: v.uuid.trim(),
    site,
    map: v.map || null,
    xycoordinates: [coordinate(v.xycoordinates[0]), coordinate(v.xycoordinates[1])],
    externalgate: v.externalgate,
    description: v.description,
    epcisId: v.epcisId.trim(),
    autoEnroll: { enabled: v.autoEnroll.enabled, locationEnabled: v.autoEnroll.locationEnabled },
    antennas: v.antennas.map((a) => ({
      antenna: a.antenna ?? 0,
      xycoordinates: [coordinate(a.xycoordinates[0]), coordinate(a.xycoordinates[1])],
      map: a.map || null,
    })),
  };
}
