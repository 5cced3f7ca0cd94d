/** Set-up of an authenticator app: the QR code, the key for typing in, and the first code. */
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { TotpSetup } from '@sightline/shared';
import { useCodeForm } from './useCodeForm';

export function TotpEnrol({
  setup,
  onConfirm,
  submitLabel = 'Turn on',
}: {
  setup: TotpSetup;
  onConfirm: (code: string) => Promise<void>;
  submitLabel?: string;
}) {
  const { code, setCode, problem, busy, submit } = useCodeForm(onConfirm);

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <Typography variant="body2">
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…).
      </Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code to add Sightline to your authenticator app"
        sx={{
          width: 200,
          height: 200,
          alignSelf: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      <Typography variant="body2">
        Cannot scan it? Enter this key instead:{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {setup.secret}
        </Box>
      </Typography>
      <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <TextField
        label="Authentication code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
      />
      <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** The ten recovery codes, shown once. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-factor authentication is on.</Alert>
      <Typography variant="body2">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 0.5,
          fontFamily: 'monospace',
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
