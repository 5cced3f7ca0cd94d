/** A webhook's signing secret, shown once (at creation or after 'Rotate secret') with a copy button. */
import { ShownOnceDialog } from '../../components';

const SECRET_SHOWN_ONCE =
  'Copy this secret now: it will not be shown again. Receivers check x-sightline-signature (sha256=HMAC of the raw body) with it.';

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
