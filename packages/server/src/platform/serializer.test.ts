/**
 * The response serializer (serializer.ts) must write what fastify-type-provider-zod's writes, and
 * fail where it fails: it only runs faster code where the schema reads the same both ways.
 */
import { Thing } from '@sightline/shared';
import {
  serializerCompiler as encodingSerializer,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameBothWays, serializerCompiler } from './serializer.js';

type Write = (data: unknown) => string;
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
const ours = (schema: unknown) => serializerCompiler(route(schema) as never) as Write;
const theirs = (schema: unknown) => encodingSerializer(route(schema) as never) as Write;

const thing = (i: number) => ({
  _id: `b0${String(i).padStart(22, '0')}`,
  name: `Thing ${i}`,
  description: '',
  serial: 'S-1',
  class: i % 2 ? 'item' : 'worker',
  tag1: 'E200A1',
  tag2: '',
  tags: ['E200B2'],
  categories: [],
  labels: ['yellow'],
  timeCreated: '2024-05-01T00:00:00.000Z',
  timeModified: '2024-05-01T00:00:00.000Z',
  parents: [],
  photo: [],
  site: 's1',
  zone: i % 3 ? 'z1' : null,
  lastZoneTime: null,
  lastEvent: '2024-05-02T00:00:00.000Z',
  lastEndpointTime: null,
  endpoint: null,
  direction: null,
  locationTag: null,
  map: null,
  xycoordinates: i % 2 ? [0.25, 0.5] : null,
  alarmTamper: false,
  alarmTamperTag: null,
  alarmTamperTime: null,
  data: i % 2 ? { cFloat0: 1.5 } : {},
});

/** The error each serializer throws, or undefined. */
function failure(write: Write, data: unknown) {
  try {
    write(data);
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('response serializer', () => {
  it('writes a page of things exactly as the encoding serializer does, unknown keys dropped, keys in schema order', () => {
    const list = z.array(Thing);
    expect(sameBothWays(list)).toBe(true);
    const page = Array.from({ length: 50 }, (_, i) => {
      const { name, ...rest } = thing(i);
      return { extra: 'dropped', ...rest, name }; // unknown key first, name last
    });
    const written = ours(list)(page);
    expect(written).toBe(theirs(list)(page));
    expect(written).not.toContain('dropped');
    expect(Object.keys(JSON.parse(written)[0])).toEqual(Object.keys(Thing.shape));
  });

  it('fails where the encoding serializer fails, with the same error', () => {
    const list = z.array(Thing);
    for (const bad of [
      [{ ...thing(1), name: 7 }],
      [{ ...thing(1), zone: undefined }],
      [{ ...thing(1), class: 'robot' }],
      { not: 'a list' },
    ]) {
      const mine = failure(ours(list), bad);
      const library = failure(theirs(list), bad);
      expect(isResponseSerializationError(mine)).toBe(true);
      expect(isResponseSerializationError(library)).toBe(true);
      expect((mine as Error).message).toBe((library as Error).message);
      expect(JSON.stringify((mine as { cause: unknown }).cause)).toBe(
        JSON.stringify((library as { cause: unknown }).cause),
      );
    }
  });

  it('keeps the encoding serializer where a schema reads differently both ways', () => {
    const toIso = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    const withCodec = z.object({ at: toIso });
    const withDefault = z.object({ n: z.number().default(3) });
    const tagged = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b') }),
    ]);
    for (const schema of [
      withCodec,
      withDefault,
      tagged,
      z.array(withCodec),
      z.object({ inner: withDefault.nullable() }),
    ])
      expect(sameBothWays(schema)).toBe(false);
    const at = new Date('2024-05-01T00:00:00Z');
    expect(ours(withCodec)({ at })).toBe('{"at":"2024-05-01T00:00:00.000Z"}');
    // Encoding does not fill defaults (parsing would write {"n":3}): both refuse the answer.
    expect(isResponseSerializationError(failure(ours(withDefault), {}))).toBe(true);
    expect(isResponseSerializationError(failure(theirs(withDefault), {}))).toBe(true);
    expect(ours(withDefault)({ n: 1 })).toBe('{"n":1}');
    for (const schema of [
      z.string(),
      z.object({ a: z.string().nullable(), b: z.number().optional() }),
      z.record(z.string(), z.number()),
    ])
      expect(sameBothWays(schema)).toBe(true);
    // `properties`-wrapped schemas (fastify's response objects) are read the same way.
    expect(ours({ properties: z.object({ a: z.string() }) })({ a: 'x', b: 1 })).toBe('{"a":"x"}');
  });
});
