/** The zone editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const ZONE_LABELS = {
  name: 'Name',
  duration: 'Alert Time',
  entryDelay: 'Entry Delay',
  description: 'Description',
  epcisId: 'EPCIS Id',
  emails: 'Alert Emails',
  kill: 'Kill Settings',
  killDuration: 'Delete Delay (hours)',
  killMode: 'Kill Mode',
  immediateKill: 'Immediate Kill',
  gates: 'Gates',
  'gates.endpoint': 'Endpoint',
  'gates.direction': 'Direction',
  'gates.antenna': 'Antenna',
} as const;
