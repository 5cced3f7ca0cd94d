/**
 * The state of a one-code form (a TOTP or recovery code): typed code, busy flag, the problem. The
 * shared code schema checks the entry first; a refusal shows the server's own text for the code.
 */
import { TotpCode } from '@sightline/shared';
import { type FormEvent, useState } from 'react';
import { fieldMessage } from '../../api/field-errors';

export function useCodeForm(send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const checked = TotpCode.safeParse(code);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await send(code.trim());
    } catch (error) {
      // A refused code is cleared so the next one can be typed straight away.
      setProblem(fieldMessage(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return { code, setCode, problem, busy, submit };
}
