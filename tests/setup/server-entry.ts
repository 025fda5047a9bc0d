import path from 'node:path'
import { SERVER_BUNDLE } from '../../scripts/build/bundle-server'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The production server as the build made it (BUILD_DIR respected): what `npm start` and a process
 * manager run, so what the tests and benches start.
 */
export const serverEntry = path.resolve(root, process.env.BUILD_DIR ?? 'build', SERVER_BUNDLE)
