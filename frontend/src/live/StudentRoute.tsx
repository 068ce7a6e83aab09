// A student's seat in a live class (/c/{code}), a chunk of its own: the phone downloads the seat
// and the step player, not the lesson pages, the explorers or the teacher's panel.
import { PageError } from "../PageError";
import type { ModelClient } from "../runtime/ModelClient";
import { codeInPath } from "./code";
import { StudentClass } from "./StudentClass";

export function StudentRoute({ path, client }: { path: string; client: () => ModelClient }) {
  const code = codeInPath(path);
  if (code?.ok) return <StudentClass code={code.code} client={client()} />;
  return (
    <PageError title="No such class" back={{ href: "/learn", label: "Lessons, and joining a class by its code" }}>
      {(code && !code.ok && code.problem) || "There is no class at this address."}
    </PageError>
  );
}
