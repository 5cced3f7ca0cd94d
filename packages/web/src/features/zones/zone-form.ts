/**
 * The zone editor's form values and the API body built from them (the shared `Zone`). The body's
 * rules (each alert email valid, a gate's endpoint chosen, no negative delay) are the shared
 * `ZoneInput`'s, checked by the editor before saving and by the server again.
 */
import { GATE_ANTENNAS, GATE_DIRECTIONS, type Gate, type Zone, type ZoneInputRaw } from '@sightline/shared';

export type ZoneForm = Omit<Zone, '_id' | 'duration' | 'killDuration'> & {
  _id?: string;
  /** Nanoseconds; null while the input is empty. */
  duration: number | null;
  /** Hours; null while the input is empty. */
  killDuration: number | null;
};

export const zoneDefaults = (site: string): ZoneForm => ({
  name: '',
  description: '',
  duration: 0,
  emails: [],
  killDuration: 0,
  immediateKill: false,
  killMode: 'clearZone',
  gates: [],
  site,
});

export const newGate = (): Gate => ({ endpoint: '', direction: 'NEAR', antenna: -1 });

export const DIRECTION_OPTIONS = GATE_DIRECTIONS.map((d) => ({ value: d, label: d }));
export const ANTENNA_OPTIONS = GATE_ANTENNAS.map((a) => ({ value: a, label: a === -1 ? 'All' : String(a) }));

export function zoneBody(v: ZoneForm): ZoneInputRaw {
  return {
    name: v.name.trim(),
    description: v.description ?? '',
    duration: v.duration ?? 0,
    emails: v.emails.map((e) => e.trim()),
    killDuration: v.killDuration ?? 0,
    immediateKill: v.immediateKill,
    killMode: v.killMode,
    gates: v.gates.map((g) => ({ endpoint: g.endpoint, direction: g.direction, antenna: g.antenna })),
    site: v.site,
  };
}
