/**
 * An alert's labels by field: the detail screen's facts read them, and so does the Audit Log's
 * diff of an acknowledgement or resolution.
 */
export const ALERT_LABELS = {
  time: 'Time',
  zoneName: 'Zone',
  expectedZoneName: 'Expected Zone',
  timeDuration: 'Alert Time',
  endpointName: 'Endpoint',
  antenna: 'Antenna',
  state: 'Status',
  acknowledgedBy: 'Acknowledged By',
  acknowledgedByName: 'Acknowledged By',
  acknowledgedAt: 'Acknowledged',
  resolvedBy: 'Resolved By',
  resolvedByName: 'Resolved By',
  resolvedAt: 'Resolved',
  notes: 'Notes',
  acknowledgementNote: 'Acknowledgement Note',
  resolutionNote: 'Resolution Note',
  note: 'Note',
} as const;
