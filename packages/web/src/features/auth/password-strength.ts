/** The strength checker on its own module, so the reset page can import it when typing starts. */
export { isStrongPassword } from '@sightline/shared';
