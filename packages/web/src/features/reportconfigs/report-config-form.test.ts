import { ReportConfigInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { reportConfigBody, reportConfigDefaults } from './report-config-form';

const SITE = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('report config form', () => {
  it("builds a body the server's schema accepts", () => {
    const body = reportConfigBody({
      ...reportConfigDefaults(SITE),
      name: '  Tools seen ',
      type: 'reportTypeSeen',
      email: true,
      headings: [{ key: 'name', label: ' Tool ' }],
    });
    expect(ReportConfigInput.parse(body)).toEqual({
      name: 'Tools seen',
      type: 'reportTypeSeen',
      format: 'excel',
      email: true,
      zones: [],
      categories: [],
      headings: [{ key: 'name', label: 'Tool' }],
      site: SITE,
    });
  });

  it('a config without a type is refused', () => {
    expect(ReportConfigInput.safeParse(reportConfigBody(reportConfigDefaults(SITE))).success).toBe(false);
  });
});
