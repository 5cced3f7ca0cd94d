/**
 * The zone editor's form values and the API body built from them (the shared `Zone`). Both are
 * read from the shared `ZoneInput`: its defaults are the form's, and the body is its keys, with
 * the conversions below. A plain field added to `Zone` and `ZoneInput` needs no change here. The
 * body's rules (each alert email valid, a gate's endpoint chosen, no negative delay) are
 * `ZoneInput`'s, checked by the editor before saving and by the server again.
 */
import {
  GATE_ANTENNAS,
  GATE_DIRECTIONS,
  type Gate,
  type Zone,
  ZoneInput,
  type ZoneInputRaw,
} from '@sightline/shared';
import { schemaBody, schemaDefaults } from '../../components/editor/schema-values';

export type ZoneForm = Omit<Zone, '_id' | 'duration' | 'entryDelay' | 'killDuration'> & {
  _id?: string;
  /** Nanoseconds; null while the input is empty. */
  duration: number | null;
  /** Nanoseconds; null while the input is empty. */
  entryDelay: number | null;
  /** Hours; null while the input is empty. */
  killDuration: number | null;
};

export const zoneDefaults = (site: string): ZoneForm =>
  ({ name: '', ...schemaDefaults(ZoneInput), site }) as ZoneForm;

export const newGate = (): Gate => ({ endpoint: '', direction: 'NEAR', antenna: -1 });

export const DIRECTION_OPTIONS = GATE_DIRECTIONS.map((d) => ({ value: d, label: d }));
export const ANTENNA_OPTIONS = GATE_ANTENNAS.map((a) => ({ value: a, label: a === -1 ? 'All' : String(a) }));

export function zoneBody(v: ZoneForm): ZoneInputRaw {
  return {
    ...schemaBody(ZoneInput, v),
    name: v.name.trim(),
    duration: v.duration ?? 0,
    entryDelay: v.entryDelay ?? 0,
    emails: v.emails.map((e) => e.trim()),
    killDuration: v.killDuration ?? 0,
    gates: v.gates.map((g) => ({ endpoint: g.endpoint, direction: g.direction, antenna: g.antenna })),
    site: v.site,
  };
}
