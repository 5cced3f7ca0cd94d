/** The endpoint editor's form values and the API body built from them (the shared `Endpoint`). */
import type { ConnectionMode, EndpointConnection, EndpointInputRaw } from '@sightline/shared';

type Coordinate = number | null;
export type AntennaForm = {
  antenna: number | null;
  xycoordinates: [Coordinate, Coordinate];
  map: string | null;
};

/** The connection's settings; `password` is typed here only: empty keeps the stored one. */
export type ConnectionForm = {
  mode: ConnectionMode;
  host: string;
  port: number | null;
  username: string;
  password: string;
  tls: boolean;
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
  connection: ConnectionForm;
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
  connection: { mode: 'push', host: '', port: null, username: '', password: '', tls: false },
};

/** A record's connection as the form edits it: the settings, and an empty password (write-only). */
export function connectionForm(c: EndpointConnection | undefined): ConnectionForm {
  if (!c) return DEFAULTS.connection;
  return { mode: c.mode, host: c.host, port: c.port, username: c.username, password: '', tls: c.tls };
}

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
    connection: {
      mode: v.connection.mode,
      host: v.connection.host.trim(),
      port:
        typeof v.connection.port === 'number' && Number.isFinite(v.connection.port)
          ? v.connection.port
          : null,
      username: v.connection.username,
      tls: v.connection.tls,
      // Write-only: sent only when typed, so saving other fields keeps the stored password.
      ...(v.connection.password ? { password: v.connection.password } : {}),
    },
  };
}
