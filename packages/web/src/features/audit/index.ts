/** Audit Log (Admin): who changed what, who signed in, who looked at a worker; needs read on audit. */
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { type Feature, gated, needs, page } from '../../navigation/registry';

const access = needs('read', 'audit');

export const auditFeature: Feature = {
  name: 'audit',
  routes: gated(access, [{ path: 'audit', lazy: page(() => import('./AuditLogPage')) }]),
  menu: [{ slot: 'audit', label: 'Audit Log', icon: HistoryEduOutlined, path: 'audit', gate: access }],
};
