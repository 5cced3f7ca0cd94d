/** A webhook's signing secret, shown once (at creation or after 'Rotate secret') with a copy button. */
import { ShownOnceDialog } from '../../components';

/**
 * How a receiver checks a delivery with the secret: the Standard Webhooks signature the server
 * sends (`webhook-signature`), keyed with the bytes the base64 after `whsec_` decodes to.
 */
const SECRET_SHOWN_ONCE =
  'Copy this secret now: it will not be shown again. Deliveries are signed per Standard Webhooks: ' +
  'the webhook-signature header is "v1," followed by the base64 HMAC-SHA256 of ' +
  '"webhook-id.webhook-timestamp.body" (those two headers\' values and the raw body), keyed with the ' +
  'bytes the base64 after whsec_ decodes to. A Standard Webhooks library verifies it with this ' +
  'secret as it is, and refuses a timestamp more than 5 minutes away.';

export function SecretDialog({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title={title}
      warning={SECRET_SHOWN_ONCE}
      label="Signing secret"
      noun="secret"
      value={secret}
      onClose={onClose}
    />
  );
}
