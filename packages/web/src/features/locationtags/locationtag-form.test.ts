import { LOCATION_TAG_MSG, LocationTagInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { fromLocationTag, locationTagBody, locationTagDefaults, tagRule } from './locationtag-form';

const SITE = 'a'.repeat(24);
const ZONE = 'c'.repeat(24);

describe('location tag form', () => {
  it('accepts hex tags only', () => {
    expect(tagRule('ad00ff')).toBeUndefined();
    expect(tagRule('not hex')).toBe(LOCATION_TAG_MSG.tagHex);
  });

  it('maps none to null and back, upper-cases the tag, empty coordinates to 0', () => {
    const body = locationTagBody({
      ...locationTagDefaults(SITE),
      name: 'Aisle 3',
      tag: ' ad00ff ',
      zone: ZONE,
      xycoordinates: [12.5, null],
    });
    expect(LocationTagInput.parse(body)).toEqual({
      name: 'Aisle 3',
      tag: 'AD00FF',
      zone: ZONE,
      map: null,
      xycoordinates: [12.5, 0],
      site: SITE,
    });
    const form = fromLocationTag(
      { _id: 'd'.repeat(24), ...body, tag: 'AD00FF', xycoordinates: [12.5, 0] },
      SITE,
    );
    expect(form).toMatchObject({ zone: ZONE, map: '' });
  });
});
