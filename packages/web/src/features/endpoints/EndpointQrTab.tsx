/**
 * The QR Code tab: the payload a handheld scans to post as this endpoint (server
 * address, uuid and key), drawn by the shared QrCode component. It carries the key, so the server
 * sends it only to people who may modify endpoints.
 */
import LockOutlined from '@mui/icons-material/LockOutlined';
import { type EditorTabProps, EmptyState } from '../../components';
import { QrCode } from '../../components/QrCode';
import type { EndpointForm } from './endpoint-form';

const QR_TEXT = 'Scan this code in the mobile app to associate a handheld with this endpoint.';

export function EndpointQrTab({ ctx }: EditorTabProps<EndpointForm>) {
  const payload = ctx.record?.qrcode;
  if (!payload)
    return (
      <EmptyState
        icon={<LockOutlined />}
        title="QR code not available"
        description="Only people who may modify endpoints can see an endpoint's key and its QR code."
      />
    );
  // The payload carries the endpoint's key: drawn, never written out (nor in the alt text).
  return (
    <QrCode
      value={payload}
      fileName={`endpoint-${ctx.record?.name ?? 'qr'}`}
      caption={QR_TEXT}
      hideValue
      label={`endpoint ${ctx.record?.name ?? ''} (${ctx.record?.uuid ?? ''})`}
    />
  );
}
