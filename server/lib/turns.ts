/**
 * A limit on how many jobs run at once: the returned function runs each job when fewer than
 * `limit` of its jobs are running, waiting jobs in the order they asked.
 */
export function turns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    // A loop, not an if: a job that arrives as one ends may take the freed turn first.
    while (running >= limit) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
