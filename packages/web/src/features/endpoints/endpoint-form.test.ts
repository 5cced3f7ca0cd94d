import { EndpointInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, endpointBody } from './endpoint-form';

const SITE = '65a000000000000000000001';
const MAP = '65a000000000000000000002';

describe('endpoint form', () => {
  it('builds a body the shared schema accepts, with empty numbers as 0 and cleared selects as none', () => {
    const body = endpointBody(
      {
        ...DEFAULTS,
        _id: '65a000000000000000000003',
        key: 'secret',
        qrcode: '{}',
        name: '  Dock ',
        uuid: ' dock-1 ',
        map: '',
        xycoordinates: [null, 12.5],
        antennas: [{ antenna: 2, xycoordinates: [1, null], map: MAP }],
      },
      SITE,
    );
    expect(body).toEqual({
      name: 'Dock',
      uuid: 'dock-1',
      site: SITE,
      map: null,
      xycoordinates: [0, 12.5],
      externalgate: false,
      description: '',
      epcisId: '',
      autoEnroll: { enabled: false, locationEnabled: false },
      antennas: [{ antenna: 2, xycoordinates: [1, 0], map: MAP }],
    });
    expect(body).not.toHaveProperty('key');
    expect(EndpointInput.safeParse(body).success).toBe(true);
  });
});
