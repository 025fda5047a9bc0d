import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '../../../..')

/**
 * Builds the page that hosts the viewer's dialog with comments (this folder's index.html), with the
 * site's styles, into a fresh folder; answers the folder and a function that removes it.
 */
export async function buildViewerHarness(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'viewer-harness-'))
  await build({
    root: import.meta.dirname,
    base: './',
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [tailwindcss()],
    // React's production build and JSX, whatever NODE_ENV the test runner has.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: { outDir: dir, emptyOutDir: true, assetsInlineLimit: 0, minify: false, reportCompressedSize: false, rolldownOptions: { checks: { pluginTimings: false } } },
    server: { fs: { allow: [root] } },
  })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
