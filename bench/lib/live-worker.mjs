/**
 * The live stream reader, in its own thread so parsing tens of thousands of messages a second
 * does not delay the load generator's sends (nor its own receipt times). It reads
 * `GET /api/live?site=` as a signed-in console would. While measuring, every `event` message gives
 * its latency: receipt time minus the send time its sighting carries (`data.cFloat0`), split at the
 * message's `at` (the server's time for the batch, taken when its processing starts).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// Plain JavaScript: a worker thread does not get the tsx loader of the main thread.
const { port, cookie, site } = workerData;

/** @returns {import('./live.js').LiveMeasure} */
const fresh = () => ({
  endToEnd: [],
  toPublish: [],
  toClient: [],
  counts: {},
  bytes: 0,
  blocks: 0,
  batches: 0,
});
/** Send times seen (one per batch): how many batches showed up on the stream. */
let batchesSeen = new Set();
let measure = fresh();
let parse = false;
let buffer = '';

/** @param {string} block @param {number} receivedAt */
function onBlock(block, receivedAt) {
  measure.blocks++;
  if (!parse || !block.startsWith('event: ')) return;
  const nl = block.indexOf('\n');
  const type = block.slice(7, nl);
  measure.counts[type] = (measure.counts[type] ?? 0) + 1;
  if (type !== 'event') return;
  const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
  const sentAt = data.data?.cFloat0;
  if (typeof sentAt !== 'number') return;
  batchesSeen.add(sentAt);
  measure.endToEnd.push(receivedAt - sentAt);
  measure.toPublish.push(data.at - sentAt);
  measure.toClient.push(receivedAt - data.at);
}

const req = http.get(
  { host: '127.0.0.1', port, path: `/api/live?site=${site}`, headers: { cookie } },
  (res) => {
    if (res.statusCode !== 200) {
      parentPort?.postMessage({ kind: 'error', message: `live stream answered ${res.statusCode}` });
      return;
    }
    parentPort?.postMessage({ kind: 'open' });
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      const receivedAt = Date.now();
      measure.bytes += chunk.length;
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      let start = 0;
      while (end !== -1) {
        onBlock(buffer.slice(start, end), receivedAt);
        start = end + 2;
        end = buffer.indexOf('\n\n', start);
      }
      buffer = buffer.slice(start);
    });
  },
);
req.on('error', (err) => parentPort?.postMessage({ kind: 'error', message: String(err) }));

parentPort?.on('message', (msg) => {
  if (msg.kind === 'start') {
    measure = fresh();
    batchesSeen = new Set();
    parse = msg.parse;
  } else if (msg.kind === 'report') {
    parentPort?.postMessage({ kind: 'report', measure: { ...measure, batches: batchesSeen.size } });
  } else {
    req.destroy();
    parentPort?.close();
  }
});
