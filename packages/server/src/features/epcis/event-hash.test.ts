/**
 * The CBV event hash against the examples of the reference implementation
 * (fixtures/event-hash: each document's events and the hashes it gives, one a line, in order).
 * Every event made only of the fields Sightline writes must hash to the example's value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cbvUri, eventHash, HASHED_KEYS, type HashableEvent } from './event-hash.js';

const dir = path.join(import.meta.dirname, 'fixtures', 'event-hash');
/** Keys the algorithm leaves out of the pre-hash string. */
const IGNORED = new Set(['eventID', 'recordTime', '@context']);

interface Example {
  file: string;
  index: number;
  event: Record<string, unknown>;
  hash: string;
}

function eventsOf(doc: Record<string, unknown>): Record<string, unknown>[] {
  const body = doc.epcisBody as Record<string, unknown> | undefined;
  const list =
    (body?.eventList as unknown[]) ??
    ((body?.queryResults as Record<string, unknown>)?.resultsBody as Record<string, unknown>)?.eventList ??
    [];
  return list as Record<string, unknown>[];
}

/** EPCs of the schemes a tag's hex decodes to (pure identity URIs or their Digital Links). */
const TAG_SCHEMES =
  /^(urn:epc:id:(sgtin|sscc|sgln|grai|giai|gsrn|gdti|sgcn|cpi|gid):|https:\/\/id\.gs1\.org\/(00|01|414|8003|8004|8018|253|255)\/)/;

function expressible(event: Record<string, unknown>) {
  const epcs = (event.epcList as string[] | undefined) ?? [];
  if (!epcs.every((epc) => TAG_SCHEMES.test(epc))) return false;
  return Object.entries(event).every(([key, value]) => {
    if (IGNORED.has(key)) return true;
    if (!HASHED_KEYS.has(key)) return false;
    if (key === 'readPoint' || key === 'bizLocation')
      return Object.keys(value as object).every((k) => k === 'id');
    return true;
  });
}

const examples: Example[] = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonld'))
  .flatMap((file) => {
    const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    const hashes = readFileSync(path.join(dir, file.replace('.jsonld', '.hashes')), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    return eventsOf(doc).map((event, index) => ({ file, index, event, hash: hashes[index] ?? '' }));
  });
const sightlineShaped = examples.filter((e) => expressible(e.event));

describe('CBV event hash', () => {
  it('has examples Sightline can express', () => {
    // ObjectEvents of type, times, EPCs, action, bizStep, disposition, readPoint, bizLocation.
    expect(sightlineShaped.length).toBeGreaterThanOrEqual(4);
  });

  it.each(sightlineShaped.map((e) => [`${e.file} #${e.index}`, e] as const))('%s', (_name, example) => {
    expect(eventHash(example.event as unknown as HashableEvent)).toBe(example.hash);
  });

  it('writes CBV values as their ref.gs1.org URIs', () => {
    expect(cbvUri('BizStep', 'entering_exiting')).toBe('https://ref.gs1.org/cbv/BizStep-entering_exiting');
    expect(cbvUri('BizStep', 'urn:epcglobal:cbv:bizstep:shipping')).toBe(
      'https://ref.gs1.org/cbv/BizStep-shipping',
    );
    expect(cbvUri('Disp', 'https://example.com/x')).toBe('https://example.com/x');
  });
});
