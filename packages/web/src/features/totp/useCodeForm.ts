/** The state of a one-code form (a TOTP or recovery code): typed code, busy flag, the server's refusal. */
import { type FormEvent, useState } from 'react';
import { errorData } from '../../api/client';

export function useCodeForm(send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setBusy(true);
    setProblem(undefined);
    try {
      await send(code.trim());
    } catch (error) {
      // A refused code is cleared so the next one can be typed straight away.
      setProblem(errorData(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return { code, setCode, problem, busy, submit };
}
