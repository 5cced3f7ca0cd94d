export { type EventNames, presentEvent } from '@sightline/shared';
