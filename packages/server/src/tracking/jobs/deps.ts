/** What the scheduled tracking jobs need: the app's tracking store (its database, outlets and hooks). */
import type { TrackingStore } from '../store/index.js';

export type JobDeps = TrackingStore;
