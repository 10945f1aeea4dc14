import { fdatasyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type ModuleOptions = Parameters<NodeFS['init']>[1];
interface NodeStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: Record<string, unknown> };
}

/**
 * PGlite's files under DATA_DIR, with PostgreSQL's fsync reaching the disk. Emscripten's NODEFS
 * has no fsync, so PostgreSQL's flush of the write-ahead log at each commit did nothing: a commit
 * survived the process being killed (the kernel had the bytes) but not a power cut. Giving NODEFS
 * an fsync makes an acknowledged write durable as it is on PostgreSQL.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: ModuleOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun as ((module: EmscriptenModule) => void)[] | undefined) ?? []),
      (module: EmscriptenModule) => {
        module.NODEFS.stream_ops.fsync = (stream: NodeStream) => {
          if (stream.nfd !== undefined) fdatasyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as ModuleOptions };
  }
}
