import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The vendor chunk (React, React Router, zod, react-hook-form, TanStack Query) is ~570 kB, 183 kB gzipped.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Libraries change less often than our code: a separate chunk stays cached across deploys.
      // The map's libraries (d3, topojson) get their own, loaded with the Case Location Map only.
      output: {
        codeSplitting: {
          groups: [
            { name: 'map-vendor', test: /node_modules[\\/](d3-|topojson-|internmap)/ },
            { name: 'vendor', test: /node_modules/ },
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
