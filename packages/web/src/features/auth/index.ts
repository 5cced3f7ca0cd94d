/** Login and password reset: the pages outside the shell. */

import type { Feature } from '../../navigation/registry';
import { page } from '../../navigation/registry';

export const authFeature: Feature = {
  name: 'auth',
  publicRoutes: [
    { path: 'login', lazy: page(() => import('./LoginPage')) },
    { path: 'passwordreset/request', lazy: page(() => import('./PasswordResetRequest')) },
    { path: 'passwordreset/confirm', lazy: page(() => import('./PasswordResetConfirm')) },
    { path: 'passwordreset/form', lazy: page(() => import('./PasswordResetForm')) },
  ],
};
