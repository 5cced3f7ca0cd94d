import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();

describe('catalog', () => {
  it('lists the kill modes and thing classes to any signed-in user', async () => {
    const t = await makeTenant(app);
    const kill = await t.viewer.request('GET', '/api/killmodes');
    expect(kill.statusCode).toBe(200);
    expect(kill.json()).toEqual([
      { id: 'clearZone', name: 'Clear Zone' },
      { id: 'deleteThing', name: 'Delete Thing' },
    ]);
    const classes = await t.operator.request('GET', '/api/thingclasses');
    expect(classes.json()).toEqual([
      { id: 'item', name: 'Item' },
      { id: 'worker', name: 'Worker' },
    ]);
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', '/api/killmodes')).statusCode).toBe(401);
    expect((await anonymous(app).request('GET', '/api/thingclasses')).statusCode).toBe(401);
  });
});
