/**
 * Report configs: list and editor under Admin → Report Configuration (the menu needs modify on
 * reportconfigs).
 */
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const reportconfigsFeature: Feature = {
  name: 'reportconfigs',
  routes: [
    { path: 'reportconfigs', lazy: page(() => import('./ReportConfigsList')) },
    { path: 'reportconfigs/:id', lazy: page(() => import('./ReportConfigEdit')) },
  ],
  menu: [
    {
      slot: 'reportconfigs',
      label: 'Report Configuration',
      icon: TuneOutlined,
      path: 'reportconfigs',
      gate: needs('modify', 'reportconfigs'),
    },
  ],
};
