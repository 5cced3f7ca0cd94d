/** EPCIS capture documents for the tests. */

/** An EPCISDocument of these events, as a capture client sends one. */
export const epcisDocumentOf = (eventList: unknown[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2024-05-01T10:00:00Z',
  epcisBody: { eventList },
});
