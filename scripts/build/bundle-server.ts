import path from 'node:path'
import { build } from 'esbuild'

/** Where the production server's bundle lands inside a build directory. */
export const SERVER_BUNDLE = 'server/main.js'

/**
 * The production server bundled as ES modules: `server/main.ts` and every project module it imports
 * (server/, lib/, content/) in `build/server/main.js` and the few files it loads later, with the
 * packages left to load from node_modules. Node starts it as it
 * is, with no TypeScript loader between it and each import: a server process starts in a fraction of
 * the CPU time the sources take through one. The sources stay the way to run it in development.
 */
export async function bundleServer({ root, buildDirectory }: { root: string; buildDirectory: string }): Promise<{ file: string; /** Of the entry and the files it loads later. */ bytes: number }> {
  const file = path.join(buildDirectory, SERVER_BUNDLE)
  const result = await build({
    // A simulation result's key numbers are read in a worker thread, which starts from a file of its own.
    entryPoints: { [path.basename(SERVER_BUNDLE, '.js')]: path.join(root, 'server/main.ts'), 'result-summary-worker': path.join(root, 'server/services/files/result-summary-worker.ts') },
    outdir: path.dirname(file),
    // What the server imports only when it needs it (the app after the configuration is checked, the
    // primary of several processes) stays a file of its own, loaded then: a configuration error is
    // reported before the whole server loads.
    splitting: true,
    chunkNames: 'main-chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Names stay readable in stack traces and profiles; the files are read once per process.
    minify: false,
    logLevel: 'warning',
    metafile: true,
    // A line that says what this file is, for whoever opens it.
    banner: { js: '// The production server, bundled from server/main.ts at build time.' },
  })
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
  return { file, bytes }
}
