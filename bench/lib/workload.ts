/**
 * What the readers send: tags live at endpoints (each endpoint is a gate into one zone). A batch
 * of one endpoint reads the tags it holds (repeats merge into their open events) and a share of
 * tags arriving from other endpoints (a new event; a zone change and a closed zone duration when
 * the other endpoint gates another zone). Each sighting carries its send time in `data.cFloat0`,
 * so the live event message that shows it tells its sighting-to-SSE latency exactly.
 */
import type { BenchEndpoint } from './setup.js';

/** Sightings per millisecond of reader time inside a batch (a batch spans size/PER_MS ms). */
const PER_MS = 100;

export class Workload {
  private readonly residents: number[][];
  private readonly where: Int32Array;
  private readonly slot: Int32Array;
  private readonly cursor: number[];
  moved = 0;
  read = 0;

  constructor(
    private readonly tags: readonly string[],
    readonly endpoints: readonly BenchEndpoint[],
    private readonly moveShare: number,
  ) {
    this.residents = endpoints.map(() => []);
    this.where = new Int32Array(tags.length);
    this.slot = new Int32Array(tags.length);
    this.cursor = endpoints.map(() => 0);
    for (let t = 0; t < tags.length; t++) this.place(t, t % endpoints.length);
  }

  private place(tag: number, endpoint: number) {
    const list = this.residents[endpoint] as number[];
    this.where[tag] = endpoint;
    this.slot[tag] = list.length;
    list.push(tag);
  }

  private remove(tag: number) {
    const list = this.residents[this.where[tag] as number] as number[];
    const at = this.slot[tag] as number;
    const last = list.pop() as number;
    if (last !== tag) {
      list[at] = last;
      this.slot[last] = at;
    }
  }

  /** The JSON body of one native batch from `endpoint`, sent at `sentAt`. */
  batch(endpoint: number, size: number, sentAt: number): string {
    const order = this.next(endpoint, size);
    const parts = order.map((tag, j) => {
      const time = new Date(sentAt - Math.floor((order.length - 1 - j) / PER_MS)).toISOString();
      return `{"tag":"${this.tags[tag]}","antenna":1,"time":"${time}","direction":"NEAR","rssi":-61.5,"data":{"cFloat0":${sentAt}},"alarmTamper":false}`;
    });
    return `{"sightings":[${parts.join(',')}]}`;
  }

  /** The same reads as one LLRP tag report of `endpoint` (times in microseconds, as readers send them). */
  tagReports(endpoint: number, size: number, sentAt: number) {
    const order = this.next(endpoint, size);
    return order.map((tag, j) => ({
      epc: this.tags[tag] as string,
      antennaId: 1,
      peakRssi: -61,
      lastSeenUtc: (sentAt - Math.floor((order.length - 1 - j) / PER_MS)) * 1000,
    }));
  }

  /** The tags `endpoint` reads next: its residents in turn and a share arriving from elsewhere. */
  private next(endpoint: number, size: number): number[] {
    const own = this.residents[endpoint] as number[];
    // Repeats of one tag must differ in time: keep at least PER_MS distinct residents per read.
    const reads = own.length >= PER_MS ? Math.round(size * (1 - this.moveShare)) : 0;
    const arriving: number[] = [];
    while (arriving.length < size - reads) {
      const tag = Math.floor(Math.random() * this.tags.length);
      if (this.where[tag] !== endpoint && !arriving.includes(tag)) arriving.push(tag);
    }
    const order: number[] = [];
    let c = (this.cursor[endpoint] ?? 0) % Math.max(1, own.length);
    for (let i = 0; i < reads; i++) {
      order.push(own[c] as number);
      c = (c + 1) % own.length;
    }
    this.cursor[endpoint] = c;
    for (const tag of arriving) {
      this.remove(tag);
      this.place(tag, endpoint);
      order.push(tag);
    }
    this.read += reads;
    this.moved += arriving.length;
    return order;
  }
}
