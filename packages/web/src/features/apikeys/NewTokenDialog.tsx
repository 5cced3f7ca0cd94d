/** The full token of a new API key, shown once (the server stores only its hash) with a copy button. */
import { ShownOnceDialog } from '../../components';

const TOKEN_SHOWN_ONCE = 'Copy this token now: it will not be shown again.';

export function NewTokenDialog({
  name,
  token,
  onClose,
}: {
  name: string;
  token: string;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title={`API key ${name} created`}
      warning={TOKEN_SHOWN_ONCE}
      label="Token"
      noun="token"
      value={token}
      onClose={onClose}
    />
  );
}
