import cluster, { type Worker } from 'node:cluster';

/*
 * A cluster's workers are numbered by slot, 0 to WEB_CONCURRENCY - 1, and a worker that replaces
 * one that died takes its slot: the slot says which share of the work split between the workers
 * (the page cache's warm-up) is this worker's, so a replacement picks up the share that was left.
 */

/** The environment variable that gives a forked worker its slot. */
const WORKER_SLOT = 'WORKER_SLOT';

/** Forks the worker of `slot`. */
export function forkWorker(slot: number): Worker {
  return cluster.fork({ [WORKER_SLOT]: String(slot) });
}

/**
 * A process's part of work split between a cluster's processes: every `count`-th piece from
 * `index` (0-based).
 */
export interface WorkerShare {
  index: number;
  count: number;
}

/**
 * This process's share of work split between `count` workers: its slot's, in a cluster's worker;
 * all of it in a single process.
 */
export function workerShare(count: number): WorkerShare {
  const slot = Number(process.env[WORKER_SLOT]);
  if (!cluster.isWorker || !Number.isInteger(slot) || slot < 0 || slot >= count) {
    return { index: 0, count: 1 };
  }
  return { index: slot, count };
}
