# Memo Lab: one image serving the API, the built frontend and the Pyodide runtime.
# Stage 1 builds the frontend (and packs the models and the trimmed standard library for the
# browser); stage 2 runs FastAPI.
FROM node:20-bookworm-slim AS web
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends python3 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend frontend
COPY public public
COPY lessons lessons
COPY models models
COPY scripts/pack_models.py scripts/make_stdlib.mjs scripts/stdlib_guard.py scripts/
RUN python3 scripts/pack_models.py \
 && mkdir -p public/pyodide \
 && cd node_modules/pyodide && cp pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json ../../public/pyodide/ \
 && cd /src && node scripts/make_stdlib.mjs \
 && npx --no-install vite build --config frontend/vite.config.ts

FROM python:3.11-slim-bookworm
WORKDIR /app
COPY backend/requirements.lock backend/requirements.lock
RUN pip install --no-cache-dir -r backend/requirements.lock
COPY models models
COPY backend backend
RUN pip install --no-cache-dir --no-deps ./models ./backend
COPY --from=web /src/frontend/dist /app/frontend/dist
# A live class checks its answers against the lesson's questions: the built-in lessons too.
COPY lessons /app/lessons
ENV HOST=0.0.0.0 PORT=8000 STATIC_DIR=/app/frontend/dist LESSONS_DIR=/app/lessons
EXPOSE 8000
USER nobody
CMD ["python", "-m", "app"]
