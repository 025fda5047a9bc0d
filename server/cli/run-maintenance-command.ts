import { EnvError } from '../core/env'
import { DataDirInUseError } from '../db/data-dir-lock'

/**
 * Runs a maintenance command (backup, restore) and exits with the code it returns, or on a failure:
 * 78 for an environment the configuration refuses (its message alone), 75 while a running server
 * holds DATA_DIR, 1 for anything else, told in the command's own words (`describeFailure`).
 */
export function runMaintenanceCommand(main: () => Promise<number>, describeFailure: (message: string, error: unknown) => string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof EnvError) {
        console.error(error.message)
        process.exit(78)
      }
      console.error(describeFailure(error instanceof Error ? error.message : String(error), error))
      process.exit(error instanceof DataDirInUseError ? 75 : 1)
    },
  )
}
