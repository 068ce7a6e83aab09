// Who answers a chart's model requests. The page's door to the models (runtime/ModelClient.ts: the
// worker, the server before it) is one answerer; an edited model's sandbox
// (workbench/editAnswerer.ts) is another. The view hooks (useModelView, usePerCurves, the
// sensitivity panel) take either and never ask which.
import type { ModelClient } from "../runtime/ModelClient";

/** The requests a view makes, each answered now or later (runtime/answer.ts), and what is known already. */
export type Answerer = Pick<ModelClient, "curve" | "sweep" | "band" | "evaluate" | "sensitivity" | "peek">;
