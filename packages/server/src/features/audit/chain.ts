/**
 * The hash chain of an organization's audit rows. A row's hash is sha256 over the previous row's
 * hash and the row's content, where `changes` enters as its digest (sha256 of its canonical JSON):
 * an erasure may take a person's name out of `changes` and keep the digest, so the chain still
 * verifies while any other change of a row breaks it.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const changesDigest = (changes: unknown) => sha256(canonicalJson(changes ?? null));

/** What a row's hash covers, besides the previous hash. */
export interface ChainedContent {
  orgId: string;
  time: Date;
  actorType: string;
  actorId: string | null;
  actorName: string;
  ip: string | null;
  userAgent: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  siteId: string | null;
  changesDigest: string;
}

export function rowHash(prevHash: string, row: ChainedContent): string {
  const content = [
    row.orgId,
    row.time.toISOString(),
    row.actorType,
    row.actorId,
    row.actorName,
    row.ip,
    row.userAgent,
    row.action,
    row.resource,
    row.resourceId,
    row.siteId,
    row.changesDigest,
  ];
  return sha256(`${prevHash}\n${canonicalJson(content)}`);
}

/** The previous hash of an organization's first row. */
export const GENESIS = '';
