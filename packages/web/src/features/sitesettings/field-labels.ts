/**
 * The settings screen's labels by field: its inputs read them, and so does the Audit Log's diff.
 * The stored `thingHeaders` is the screen's label-header checkbox.
 */
export const SETTINGS_LABELS = {
  itemLabel: 'Item Label',
  workerLabel: 'Worker Label',
  itemNameLabel: 'Item Name Label',
  itemSerialLabel: 'Item Serial Label',
  hideWorkers: 'Hide Workers',
  pseudonymizeWorkers: 'Pseudonymous Workers',
  parentCategories: 'Parent Categories',
  orgTagPrefix: 'Tag Prefix',
  showLabelHeader: 'Show Label Header in the Thing List',
  thingHeaders: 'Show Label Header in the Thing List',
  flattenEventsExports: 'Flatten Events Export',
  'importSettings.prefixedTagDupCheck': 'Prefixed Tag Duplicate Check',
  'importSettings.generatePrefixTag': 'Generate Prefix Tag',
  'importSettings.requireZone': 'Require Zone on Import',
} as const;
