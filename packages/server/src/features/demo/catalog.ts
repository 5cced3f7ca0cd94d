/**
 * What the demo organization contains: two sites with the same floor layout, five
 * zones each, and the names the demo's items and workers are drawn from.
 */

/** Map units of every demo floor plan (topLeft [0, 0], botRight [MAP_WIDTH, MAP_HEIGHT]). */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 600;

export interface Room {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type ZoneKey = 'receiving' | 'storageA' | 'storageB' | 'shipping' | 'breakRoom';

interface DemoZone {
  key: ZoneKey;
  name: string;
  description: string;
  room: Room;
  fill: string;
  /** Alert time in minutes (0 = none). */
  alertMinutes: number;
  /** Local parts of the alert emails (at the demo's email domain). */
  alertEmails: string[];
  immediateKill: boolean;
  reader: string;
}

export const DEMO_ZONES: DemoZone[] = [
  {
    key: 'receiving',
    name: 'Receiving',
    description: 'Inbound dock: deliveries are checked in here',
    room: { x: 20, y: 20, w: 280, h: 300 },
    fill: '#e3f2fd',
    alertMinutes: 240,
    alertEmails: ['receiving'],
    immediateKill: false,
    reader: 'Receiving Dock Reader',
  },
  {
    key: 'storageA',
    name: 'Storage A',
    description: 'Racks A1-A12: tools and electronics',
    room: { x: 320, y: 20, w: 340, h: 270 },
    fill: '#e8f5e9',
    alertMinutes: 0,
    alertEmails: [],
    immediateKill: false,
    reader: 'Storage A Reader',
  },
  {
    key: 'storageB',
    name: 'Storage B',
    description: 'Racks B1-B12: pallets and safety gear',
    room: { x: 320, y: 310, w: 340, h: 270 },
    fill: '#f1f8e9',
    alertMinutes: 0,
    alertEmails: [],
    immediateKill: false,
    reader: 'Storage B Reader',
  },
  {
    key: 'shipping',
    name: 'Shipping',
    description: 'Outbound dock: things seen here have left the site',
    room: { x: 680, y: 20, w: 300, h: 330 },
    fill: '#fff3e0',
    alertMinutes: 0,
    alertEmails: [],
    immediateKill: true,
    reader: 'Shipping Portal',
  },
  {
    key: 'breakRoom',
    name: 'Break Room',
    description: 'Staff break room',
    room: { x: 680, y: 370, w: 300, h: 210 },
    fill: '#fce4ec',
    alertMinutes: 45,
    alertEmails: ['supervisor', 'safety'],
    immediateKill: false,
    reader: 'Break Room Reader',
  },
];

/** Where the office corner sits (not a zone: drawn for orientation only). */
export const OFFICE: Room = { x: 20, y: 340, w: 280, h: 215 };

export interface DemoSite {
  name: string;
  description: string;
  timezone: string;
  address: { addressLine1: string; city: string; state: string; country: string; zipcode: string };
  items: number;
  workers: number;
  ipPrefix: string;
}

export const DEMO_SITES: DemoSite[] = [
  {
    name: 'Main Warehouse',
    description: 'Central distribution warehouse',
    timezone: 'Europe/London',
    address: {
      addressLine1: '12 Dockside Way',
      city: 'London',
      state: '',
      country: 'United Kingdom',
      zipcode: 'E16 2QU',
    },
    items: 130,
    workers: 20,
    ipPrefix: '10.20.1',
  },
  {
    name: 'North Depot',
    description: 'Regional depot for the Midwest',
    timezone: 'America/Chicago',
    address: {
      addressLine1: '4800 W 36th St',
      city: 'Chicago',
      state: 'IL',
      country: 'United States',
      zipcode: '60632',
    },
    items: 70,
    workers: 10,
    ipPrefix: '10.30.1',
  },
];

export const CATEGORY_NAMES = ['Tools', 'Laptops', 'Pallets', 'Kits', 'Safety Gear'] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

export interface ItemModel {
  name: string;
  category: CategoryName;
  serialPrefix: string;
}

export const ITEM_MODELS: ItemModel[] = [
  { name: 'DeWalt DCD791 Cordless Drill', category: 'Tools', serialPrefix: 'DW791' },
  { name: 'Makita XPH12Z Hammer Drill', category: 'Tools', serialPrefix: 'MKXPH' },
  { name: 'Milwaukee M18 Impact Driver', category: 'Tools', serialPrefix: 'M18ID' },
  { name: 'Bosch GLM 50 Laser Measure', category: 'Tools', serialPrefix: 'BGLM5' },
  { name: 'Fluke 117 Multimeter', category: 'Tools', serialPrefix: 'FL117' },
  { name: 'Hilti TE 7-C Rotary Hammer', category: 'Tools', serialPrefix: 'HTE7C' },
  { name: 'Snap-on Torque Wrench 3/8"', category: 'Tools', serialPrefix: 'SNTQ3' },
  { name: 'Dell Latitude 5440', category: 'Laptops', serialPrefix: 'DL544' },
  { name: 'Lenovo ThinkPad T14 Gen 4', category: 'Laptops', serialPrefix: 'LNT14' },
  { name: 'HP EliteBook 840 G10', category: 'Laptops', serialPrefix: 'HP840' },
  { name: 'Panasonic Toughbook 40', category: 'Laptops', serialPrefix: 'PTB40' },
  { name: 'Zebra TC52 Mobile Computer', category: 'Laptops', serialPrefix: 'ZTC52' },
  { name: 'Euro Pallet 1200x800', category: 'Pallets', serialPrefix: 'EPAL' },
  { name: 'CHEP Block Pallet 1200x1000', category: 'Pallets', serialPrefix: 'CHEP' },
  { name: 'Plastic Pallet 1200x1000', category: 'Pallets', serialPrefix: 'PLPL' },
  { name: 'MSA V-Gard Hard Hat', category: 'Safety Gear', serialPrefix: 'MSAVG' },
  { name: '3M Versaflo Respirator', category: 'Safety Gear', serialPrefix: '3MVF' },
  { name: 'Honeywell BW Clip Gas Detector', category: 'Safety Gear', serialPrefix: 'HWBWC' },
  { name: 'Petzl Newton Fall-Arrest Harness', category: 'Safety Gear', serialPrefix: 'PZNWT' },
];

export const ITEM_LABELS = ['Calibrated', 'Loaner', 'Fragile', 'Rental', 'High Value'];

/** The one parent kit, and the models of the children packed in it. */
export const KIT = {
  name: 'Field Service Kit FSK-01',
  serial: 'FSK-01',
  children: [
    'DeWalt DCD791 Cordless Drill',
    'Fluke 117 Multimeter',
    'Panasonic Toughbook 40',
    'Honeywell BW Clip Gas Detector',
  ],
};

export const FIRST_NAMES = (
  'Maria James Aisha Tomasz Priya Daniel Chen Olivia Mateo Fatima ' +
  'Liam Sofia Kwame Hannah Diego Yuki Noah Elena Omar Grace'
).split(' ');
export const LAST_NAMES = (
  'Lopez Okafor Nowak Patel Reilly Wang Brown Haddad Schmidt Costa ' +
  'Mensah Kowalski Tanaka Murphy Alvarez Singh Evans Rossi Khan Fischer'
).split(' ');

/** The demo's sign-in users: one per built-in role below Super Admin. */
export const DEMO_USERS = [
  { local: 'admin', name: 'Alex Admin', role: 'admin' },
  { local: 'manager', name: 'Morgan Manager', role: 'manager' },
  { local: 'operator', name: 'Oliver Operator', role: 'operator' },
  { local: 'viewer', name: 'Val Viewer', role: 'viewer' },
] as const;
