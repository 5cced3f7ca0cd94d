/** Two-step sign-in's query keys. */
export const totpKeys = {
  status: () => ['users', 'me', 'totp'] as const,
  setup: (pendingToken: string | undefined) => ['auth', 'totp', 'setup', pendingToken] as const,
};
