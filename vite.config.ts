import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  server: { watch: { ignored: ['**/data/**', '**/test-results/**'] } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                // The document shell and the two exports every content page shares load once, with the first page.
                { name: 'shell', test: /[\\/]app[\\/]root\.tsx|[\\/]lib[\\/](meta-from-loader|never-revalidate)\.ts/, priority: 1 },
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/, priority: 2 },
              ],
            },
          },
        },
  },
}))
