import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { themeBootScript } from './app/features/theme/theme-boot'
import { prerenderedPaths } from './lib/route-table'
import { bundleServer } from './scripts/build/bundle-server'
import { deferHydrationInPrerenderedPages } from './server/http/defer-hydration'
import { precompressStaticFiles } from './scripts/build/precompress-static-files'
import { writeScriptHashManifest } from './scripts/build/write-script-hash-manifest'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); `build` by default.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // Public marketing pages are rendered to static HTML at build time: cheap to serve, fast to show.
  prerender: prerenderedPaths,
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client')
    // Prerendered pages start the framework after their first paint, not before it.
    const deferred = await deferHydrationInPrerenderedPages(clientDir)
    viteConfig.logger.info(`Deferred the framework of ${deferred} prerendered pages until after their first paint`)
    // The Content-Security-Policy allows the inline scripts the build produced, hashed here, and no others.
    const manifest = await writeScriptHashManifest({
      clientDir,
      serverDir: path.join(reactRouterConfig.buildDirectory, 'server'),
      renderedScripts: [themeBootScript],
    })
    viteConfig.logger.info(`Hashed the inline scripts of ${Object.keys(manifest.pages).length} prerendered pages`)
    // Then every text file of the client build gets its brotli and gzip copies (served as they are).
    const started = performance.now()
    const r = await precompressStaticFiles(clientDir)
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
    viteConfig.logger.info(
      `Precompressed ${r.files} files (${kib(r.bytes)}): brotli ${kib(r.brotliBytes)}, gzip ${kib(r.gzipBytes)}, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    // And the Node server that serves all of it, bundled so that it starts without a TypeScript loader.
    const server = await bundleServer({ root: path.resolve(reactRouterConfig.appDirectory, '..'), buildDirectory: reactRouterConfig.buildDirectory })
    viteConfig.logger.info(`Bundled the server into ${path.relative(process.cwd(), server.file)} (${kib(server.bytes)})`)
  },
} satisfies Config
