import type { Config } from '@react-router/dev/config'
import { prerenderedPaths } from './lib/route-table'

export default {
  appDirectory: 'app',
  ssr: true,
  // Public marketing pages are rendered to static HTML at build time (ARCHITECTURE.md: "Public pages are cheap").
  prerender: prerenderedPaths,
} satisfies Config
