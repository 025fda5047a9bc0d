/** The argument that makes the server's entry run as the database keeper of a primary (see run-database-keeper.ts). */
export const DATABASE_KEEPER_FLAG = '--database-keeper'

/** What the primary tells its keeper: what to watch, then each server process it starts. */
export type KeeperMessage =
  | {
      type: 'watch'
      /** The embedded PostgreSQL's cluster directory (its postmaster.pid). */
      clusterDir: string
      lockFile: string
      /** The lock file as the primary holds it (naming the keeper): anything else means it is not ours. */
      lockContent: string
      /** How long the server processes may take to finish once the primary is gone (readiness delay, grace, slack). */
      workersStopWithinMs: number
    }
  | { type: 'worker'; pid: number }
