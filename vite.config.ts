import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkGroup } from './scripts/chunk-groups'
import { precompress } from './scripts/precompress'

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Each route loads its own code (src/web/router.tsx); libraries are shared by what uses them.
      // React and the router change least and every page needs them: one chunk that stays cached
      // across deploys. The modules signed-in pages share go in a few chunks instead of one per set
      // of pages (scripts/chunk-groups.ts); the rest goes where the pages that import it are.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: chunkGroup('session'), debugName: 'session', priority: 1, includeDependenciesRecursively: false },
            { name: chunkGroup('forms'), debugName: 'forms', priority: 1, includeDependenciesRecursively: false },
            {
              name: chunkGroup('signed-in'),
              debugName: 'signed-in',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
})
