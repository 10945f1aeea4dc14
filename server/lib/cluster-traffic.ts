import cluster, { type Worker } from 'node:cluster';

/*
 * The workers of a cluster share two cores: a worker whose visitors are quiet must not fill its
 * cache while another answers. A worker that answers visitors says so (at most every few
 * milliseconds) to the primary, which passes it on to the other workers; each counts it as an
 * answer of its own when it decides whether visitors are being served.
 */

/** The message a worker sends, and the primary passes on: visitors are being answered. */
const VISITORS = 'visitors-answered';

/** How a process hears of and tells about the other workers' visitors. */
export interface TrafficLink {
  tell(): void;
  listen(heard: () => void): void;
}

/** The link of a cluster's worker; none in a single process. */
export function clusterTrafficLink(): TrafficLink | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  return {
    tell: () => {
      if (process.connected) process.send!(VISITORS);
    },
    listen: (heard) => process.on('message', (message) => message === VISITORS && heard()),
  };
}

/** The primary's part: a worker's note goes on to every other worker. */
export function relayVisitors(from: Worker, message: unknown) {
  if (message !== VISITORS) return;
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker && worker !== from && worker.isConnected()) worker.send(VISITORS);
  }
}
