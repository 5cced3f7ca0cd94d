/** The map editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const MAP_LABELS = {
  name: 'Name',
  image: 'Image',
  imageFile: 'Image',
  topLeft: 'Top Left',
  'topLeft.0': 'Top Left X',
  'topLeft.1': 'Top Left Y',
  botRight: 'Bottom Right',
  'botRight.0': 'Bottom Right X',
  'botRight.1': 'Bottom Right Y',
} as const;
