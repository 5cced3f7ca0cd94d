/**
 * Events as the API presents them: `presentEvent` (@sightline/shared `event-presenter.ts`, where
 * the tracking layer's live stream reads it too) from a stored row or the engine's write.
 */
export { presentEvent } from '@sightline/shared';
