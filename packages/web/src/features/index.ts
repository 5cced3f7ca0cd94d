/**
 * Every feature of the console, in any order (the menu orders itself: app/menu-layout.ts).
 * Adding a screen = a folder under features/ exporting a Feature, plus one line here.
 */
import type { Feature } from '../navigation/registry';
import { apikeysFeature } from './apikeys';
import { auditFeature } from './audit';
import { authFeature } from './auth';
import { categoriesFeature } from './categories';
import { endpointsFeature } from './endpoints';
import { eventsFeature } from './events';
import { exceptionsFeature } from './exceptions';
import { homeFeature } from './home';
import { imagesFeature } from './images';
import { importFeature } from './import';
import { locationtagsFeature } from './locationtags';
import { mapsFeature } from './maps';
import { mapviewFeature } from './mapview';
import { organizationsFeature } from './organizations';
import { reportconfigsFeature } from './reportconfigs';
import { reportsFeature } from './reports';
import { sitesFeature } from './sites';
import { siteSettingsFeature } from './sitesettings';
import { ssosettingsFeature } from './ssosettings';
import { thingsFeature } from './things';
import { usermeFeature } from './userme';
import { usersFeature } from './users';
import { webhooksFeature } from './webhooks';
import { zonesFeature } from './zones';

export const features: Feature[] = [
  authFeature,
  usersFeature,
  usermeFeature,
  zonesFeature,
  mapsFeature,
  locationtagsFeature,
  categoriesFeature,
  apikeysFeature,
  auditFeature,
  sitesFeature,
  organizationsFeature,
  siteSettingsFeature,
  ssosettingsFeature,
  thingsFeature,
  endpointsFeature,
  homeFeature,
  eventsFeature,
  exceptionsFeature,
  mapviewFeature,
  importFeature,
  reportsFeature,
  reportconfigsFeature,
  webhooksFeature,
  imagesFeature,
];
