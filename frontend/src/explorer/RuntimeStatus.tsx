// Where the numbers come from, and the in-browser Python runtime's start-up progress.
import type { RuntimeStatus as Status } from "../runtime/ModelClient";

export function RuntimeStatus({ status }: { status: Status }) {
  const ready = status.phase === "ready";
  const failed = status.phase === "failed";
  return (
    <div className={`runtime-status ${status.phase}`} role="status" data-testid="runtime-status" data-phase={status.phase}>
      {ready && <span>{`Models run in your browser (Python ready in ${(status.ms / 1000).toFixed(1)} s).`}</span>}
      {failed && <span>{`In-browser Python is unavailable (${status.message}); the server computes the curves.`}</span>}
      {!ready && !failed && (
        <>
          <span>{`Curves come from the server while Python starts in your browser: ${status.message}…`}</span>
          <progress max={status.steps} value={status.step} aria-label="Python runtime start-up" />
        </>
      )}
    </div>
  );
}
