import type { ClusterStats, EmulatorStats, RequestOutcome, RequestRecord } from '../publicTypes';

const MAX_RECORDS = 1000;

/** A request being tracked; `finish` is a no-op once called, and for requests from before a reset. */
export interface TrackedRequest {
  readonly record: RequestRecord;
  setCluster(clusterId: string): void;
  setMessageCount(messageCount: number): void;
  /** Counts the request as received by its cluster; returns how many that cluster has received. */
  markReceived(): number;
  finish(outcome: Exclude<RequestOutcome, 'pending'>, status: number): void;
}

export class StatsRecorder {
  private generation = 0;
  private total = 0;
  private ticketsCreated = 0;
  private clusters = new Map<string, ClusterStats>();
  private records: RequestRecord[] = [];

  /** @param openConnections how many connections the server holds open right now */
  constructor(private readonly openConnections: () => number = () => 0) {}

  begin(seq: number): TrackedRequest {
    const generation = this.generation;
    const started = performance.now();
    const record: RequestRecord = { seq, clusterId: undefined, status: 0, outcome: 'pending', messageCount: 0, durationMs: 0 };
    let received = false;
    this.total += 1;
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) {
      this.records.splice(0, this.records.length - MAX_RECORDS);
    }
    const current = (): boolean => generation === this.generation;
    return {
      record,
      setCluster: (clusterId) => {
        record.clusterId = clusterId;
      },
      setMessageCount: (messageCount) => {
        record.messageCount = messageCount;
      },
      markReceived: () => {
        if (!current() || record.clusterId === undefined) {
          return 0;
        }
        const cluster = this.cluster(record.clusterId);
        if (!received) {
          received = true;
          cluster.received += 1;
        }
        return cluster.received;
      },
      finish: (outcome, status) => {
        if (record.outcome !== 'pending') {
          return;
        }
        record.outcome = outcome;
        record.status = status;
        record.durationMs = Math.round(performance.now() - started);
        if (!current() || !received || record.clusterId === undefined) {
          return;
        }
        const cluster = this.cluster(record.clusterId);
        if (outcome === 'completed') {
          cluster.completed += 1;
        } else if (outcome === 'aborted') {
          cluster.aborted += 1;
        }
      },
    };
  }

  /** Records a side effect and returns the running ticket number. */
  createTicket(): number {
    this.ticketsCreated += 1;
    return this.ticketsCreated;
  }

  snapshot(): EmulatorStats {
    return {
      total: this.total,
      // fromEntries defines own properties, so an id such as `__proto__` stays an ordinary key.
      clusters: Object.fromEntries([...this.clusters].map(([id, cluster]) => [id, { ...cluster }])),
      sideEffects: { ticketsCreated: this.ticketsCreated },
      openConnections: this.openConnections(),
      requests: this.records.map((record) => ({ ...record })),
    };
  }

  reset(): void {
    this.generation += 1;
    this.total = 0;
    this.ticketsCreated = 0;
    this.clusters = new Map();
    this.records = [];
  }

  private cluster(id: string): ClusterStats {
    let cluster = this.clusters.get(id);
    if (cluster === undefined) {
      cluster = { received: 0, completed: 0, aborted: 0 };
      this.clusters.set(id, cluster);
    }
    return cluster;
  }
}
