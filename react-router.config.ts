import type { Config } from '@react-router/dev/config'
import { prerenderedPaths } from './lib/route-table'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); `build` by default.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // Public marketing pages are rendered to static HTML at build time (ARCHITECTURE.md: "Public pages are cheap").
  prerender: prerenderedPaths,
} satisfies Config
