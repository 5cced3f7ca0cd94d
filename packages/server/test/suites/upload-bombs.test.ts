/**
 * Upload bombs on every upload route, generated from the OpenAPI route table. A route is an upload
 * route when it takes a multipart body (a multipart probe is not answered 415); it must name what it
 * takes (`x-upload`), and that kind must have bombs registered below, so a new upload route fails
 * here until someone says which bombs fit it. Every route also gets the multipart bombs (thousands
 * of fields, thousands of files). Each bomb is a 4xx with the message expected, never a 5xx; the
 * server's memory does not grow by more than a bounded amount per bomb; the organization's rows are
 * unchanged afterwards; and the server still answers.
 */
import {
  IMAGE_MSG,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_PARTS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MSG,
  MAP_MSG,
} from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  imageBomb,
  makeApp,
  makePhoto,
  makeTenant,
  makeXlsx,
  multipartBody,
  type Part,
  xlsxBomb,
} from '../factories.js';
import { makeRecords } from './fixtures.js';
import { changedTables, routeName, routeTable, snapshotOrg, urlOf } from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const routes = routeTable(app);
const VOLATILE = ['sessions', 'login_attempts'];
const MB = 1024 * 1024;
/** What one bomb may add to the server's resident memory (the 1.4 GB bomb took 1.5 GB before). */
const MEMORY_BOUND = 256 * MB;

interface Bomb {
  what: string;
  file: () => Buffer | Promise<Buffer>;
  filename: string;
  status: number;
  message: string | RegExp;
}

interface UploadKind {
  /** An ordinary file of the kind, for the multipart bombs. */
  sample: () => Promise<{ file: Buffer; filename: string }>;
  bombs: Bomb[];
}

const pixels = (message: string): Bomb[] => [
  {
    what: 'PNG of 50,000 × 50,000 real pixels',
    file: imageBomb.pngPixels,
    filename: 'b.png',
    status: 413,
    message,
  },
  {
    what: 'JPEG declaring 65,000 × 65,000',
    file: imageBomb.jpegPixels,
    filename: 'b.jpg',
    status: 413,
    message,
  },
];

/** The bombs of each kind of upload. A kind missing here fails the suite. */
const KINDS: Record<string, UploadKind> = {
  xlsx: {
    sample: async () => ({ file: await makeXlsx([['Asset'], ['Pump']]), filename: 'a.xlsx' }),
    bombs: [
      {
        what: 'shared strings inflating to 1.4 GB',
        file: () => xlsxBomb.sharedStrings(1400),
        filename: 'b.xlsx',
        status: 413,
        message: IMPORT_MSG.tooLargeUnpacked(IMPORT_MAX_UNPACKED_BYTES / MB),
      },
      {
        what: 'the same, its sizes claiming 1 kB',
        file: () => xlsxBomb.sharedStrings(1400, false),
        filename: 'b.xlsx',
        status: 400,
        message: IMPORT_MSG.unreadable,
      },
      {
        what: 'a 60 MB cell',
        file: () => xlsxBomb.longSharedString(60 * MB),
        filename: 'b.xlsx',
        status: 400,
        message: IMPORT_MSG.textTooLong(IMPORT_MAX_CELL_CHARS),
      },
      {
        what: '10,000 files',
        file: () => xlsxBomb.entries(10_000),
        filename: 'b.xlsx',
        status: 400,
        message: IMPORT_MSG.tooManyParts(IMPORT_MAX_PARTS),
      },
      {
        what: '10 million nested elements',
        file: () => xlsxBomb.nesting(10_000_000),
        filename: 'b.xlsx',
        status: 400,
        message: IMPORT_MSG.tooDeep,
      },
      {
        what: 'entities nine levels deep',
        file: xlsxBomb.entities,
        filename: 'b.xlsx',
        status: 400,
        message: IMPORT_MSG.doctype,
      },
    ],
  },
  photos: {
    sample: async () => ({ file: await makePhoto({ width: 16, height: 16 }), filename: 'a.jpg' }),
    bombs: [
      ...pixels(IMAGE_MSG.tooManyPixels),
      {
        what: 'GIF declaring 65,535²',
        file: imageBomb.gifPixels,
        filename: 'b.gif',
        status: 413,
        message: IMAGE_MSG.tooManyPixels,
      },
      {
        what: 'TIFF declaring 50,000²',
        file: imageBomb.tiffPixels,
        filename: 'b.tif',
        status: 413,
        message: IMAGE_MSG.tooManyPixels,
      },
      {
        what: 'EXIF directories that loop',
        file: () => imageBomb.exif('jpeg'),
        filename: 'b.jpg',
        status: 400,
        message: IMAGE_MSG.badExif,
      },
    ],
  },
  'map-image': {
    sample: async () => ({
      file: await makePhoto({ format: 'png', width: 16, height: 16 }),
      filename: 'a.png',
    }),
    bombs: [
      ...pixels(MAP_MSG.tooManyPixels),
      {
        what: 'SVG entities',
        file: imageBomb.svgEntities,
        filename: 'b.svg',
        status: 400,
        message: MAP_MSG.badImageType,
      },
    ],
  },
};

/** Multipart bombs for every upload route, around an ordinary file of its kind. */
const multipartBombs = (sample: { file: Buffer; filename: string }): { what: string; parts: Part[] }[] => [
  {
    what: 'a file and 5,000 fields',
    parts: [
      { name: 'file', ...sample },
      ...Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
    ],
  },
  { what: '2,000 files', parts: Array.from({ length: 2000 }, () => ({ name: 'file', ...sample })) },
];
const LIMIT_MESSAGE = /^Too many (files|fields|parts) in one upload: at most \d+\.$/;

function urlFor(route: (typeof routes)[number]) {
  const params = Object.fromEntries(
    route.pathParams.map((p) => [p, own.ids[route.path.split('/')[2] ?? ''] ?? '']),
  );
  const query = Object.fromEntries(
    Object.keys(route.query)
      .filter((name) => route.requiredQuery.includes(name))
      .map((name) => [name, name === 'site' ? own.siteId : (own.ids[name] ?? '')]),
  );
  return urlOf(route, params, query);
}

function send(route: (typeof routes)[number], parts: Part[]) {
  const { body, headers } = multipartBody(parts);
  return tenant.admin.request(route.method, urlFor(route), body, headers);
}

/** Whether the route takes a multipart body at all: a route without the parser answers 415. */
async function takesMultipart(route: (typeof routes)[number]) {
  const res = await send(route, [{ name: 'file', file: Buffer.from('probe'), filename: 'probe.bin' }]);
  return res.statusCode !== 415;
}

const writes = routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
const uploads: typeof routes = [];
for (const route of writes) if (route.upload || (await takesMultipart(route))) uploads.push(route);

describe('upload bombs on every upload route', () => {
  it('finds the upload routes in the route table, each naming a kind that has bombs', () => {
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const route of uploads) {
      expect(route.upload, `${routeName(route)} takes multipart but names no x-upload`).toBeTruthy();
      expect(
        KINDS[route.upload ?? ''],
        `${routeName(route)}: no bombs registered for "${route.upload}"`,
      ).toBeDefined();
    }
  });

  for (const route of uploads) {
    it(`${routeName(route)} (${route.upload}): every bomb is a 4xx that says why, memory stays bounded, nothing is stored`, async () => {
      const kind = KINDS[route.upload ?? ''];
      if (!kind) throw new Error(`no bombs registered for ${route.upload}`);
      const before = await snapshotOrg(app, tenant.org.id, VOLATILE);
      const sample = await kind.sample();
      const cases = [
        ...kind.bombs.map((b) => ({
          what: b.what,
          parts: async () => [{ name: 'file', file: await b.file(), filename: b.filename }],
          status: b.status,
          message: b.message,
        })),
        ...multipartBombs(sample).map((b) => ({
          what: b.what,
          parts: async () => b.parts,
          status: 413,
          message: LIMIT_MESSAGE,
        })),
      ];
      for (const bomb of cases) {
        const parts = await bomb.parts();
        const rss = process.memoryUsage().rss;
        const res = await send(route, parts);
        const grown = process.memoryUsage().rss - rss;
        expect(res.statusCode, bomb.what).toBe(bomb.status);
        if (typeof bomb.message === 'string') expect(res.json().message, bomb.what).toBe(bomb.message);
        else expect(res.json().message, bomb.what).toMatch(bomb.message);
        expect(grown, `${bomb.what}: memory grew by ${Math.round(grown / MB)} MB`).toBeLessThan(MEMORY_BOUND);
      }
      expect(changedTables(before, await snapshotOrg(app, tenant.org.id, VOLATILE))).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  }
});
