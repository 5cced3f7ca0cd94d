import { EndpointInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { connectionForm, DEFAULTS, endpointBody } from './endpoint-form';

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
      connection: { mode: 'push', host: '', port: null, username: '', tls: false },
    });
    expect(body).not.toHaveProperty('key');
    expect(EndpointInput.safeParse(body).success).toBe(true);
  });

  it('sends the connection password only when one is typed (it is write-only)', () => {
    const llrp = {
      mode: 'llrp' as const,
      host: ' 10.0.0.5 ',
      port: 5084,
      username: '',
      password: '',
      tls: false,
    };
    const kept = endpointBody({ ...DEFAULTS, name: 'R420', connection: llrp }, SITE);
    expect(kept.connection).toEqual({ mode: 'llrp', host: '10.0.0.5', port: 5084, username: '', tls: false });
    const set = endpointBody({ ...DEFAULTS, name: 'R420', connection: { ...llrp, password: 'pw' } }, SITE);
    expect(set.connection).toMatchObject({ password: 'pw' });
    expect(EndpointInput.safeParse(set).success).toBe(true);
    expect(connectionForm(undefined)).toEqual(DEFAULTS.connection);
  });
});
