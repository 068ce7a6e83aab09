// Vite build of the React app; `public/` (Pyodide runtime, models archive) is copied as-is.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here("."),
  publicDir: here("../public"),
  plugins: [react()],
  build: { outDir: here("dist"), emptyOutDir: true, target: "es2022", sourcemap: true },
  worker: { format: "es" },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000" },
    // Same cross-origin isolation as the backend sends (backend/app/core/headers.py).
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  },
  test: {
    root: here("."),
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    testTimeout: 60_000,
    env: { MEMOLAB_ROOT: here("..") + "/" },
  },
});
