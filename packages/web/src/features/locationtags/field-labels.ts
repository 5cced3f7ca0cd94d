/** The location tag editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const LOCATION_TAG_LABELS = {
  name: 'Name',
  tag: 'Tag',
  zone: 'Zone',
  map: 'Map',
  xycoordinates: 'Coordinates',
  'xycoordinates.0': 'Coordinate X',
  'xycoordinates.1': 'Coordinate Y',
} as const;
