/**
 * Every feature of the console, in any order (the menu orders itself by SPEC 2.2).
 * Adding a screen = a folder under features/ exporting a Feature, plus one line here.
 */
import type { Feature } from '../app/registry';
import { authFeature } from './auth';
import { usermeFeature } from './userme';
import { usersFeature } from './users';

export const features: Feature[] = [authFeature, usersFeature, usermeFeature];
