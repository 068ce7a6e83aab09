"""The floor the scenario read is compared with (bench/scenarios_load.sh): a minimal FastAPI app
that returns the same bytes from memory, served by the same uvicorn settings as `python -m app`.
    PORT=... BODY_FILE=... python bench/bare_route.py"""

import os
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from fastapi.responses import Response

BODY = Path(os.environ["BODY_FILE"]).read_bytes()
app = FastAPI()


@app.get("/bare")
async def bare() -> Response:
    return Response(BODY, media_type="application/json")


if __name__ == "__main__":
    port = int(os.environ["PORT"])
    uvicorn.run(app, host="127.0.0.1", port=port, server_header=False, log_config=None, access_log=False)
