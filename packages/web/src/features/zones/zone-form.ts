/** The zone editor's form values and the API body built from them (the shared `Zone`). */
import {
  EMAIL_PATTERN,
  GATE_ANTENNAS,
  GATE_DIRECTIONS,
  type Gate,
  MSG,
  type Zone,
  type ZoneInputRaw,
} from '@sightline/shared';

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

/** Each alert email must be valid; names the first one that is not. */
export function emailsRule(value: unknown): string | undefined {
  const emails = Array.isArray(value) ? value.map(String) : [];
  const bad = emails.find((e) => !EMAIL_PATTERN.test(e.trim()));
  return bad === undefined ? undefined : `${MSG.invalidEmail}: ${bad}`;
}

/**
 * A gate needs its endpoint. The message is 'Please select an value' (sic): the text is fixed,
 * users and tests match it.
 */
export const gateEndpointRule = (value: unknown) => (value ? undefined : MSG.selectValue);

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
