// Every page's code as a chunk of its own, fetched when its route is visited: a student's phone
// in a class, or a first visit to one explorer, does not download the other pages' code. A
// route's chunk is asked for before React's first render (`preload`), beside the page's data.
import { type ComponentType, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: a page's props are its own; App passes them typed
type Page = ComponentType<any>;

const loaders = {
  explorer: () => import("./explorer/Explorer").then((m) => ({ default: m.Explorer as Page })),
  atlas: () => import("./atlas/AtlasPage").then((m) => ({ default: m.AtlasPage as Page })),
  card: () => import("./cards/ModelCard").then((m) => ({ default: m.ModelCard as Page })),
  cards: () => import("./cards/ModelCard").then((m) => ({ default: m.ModelIndex as Page })),
  source: () => import("./data/DataPages").then((m) => ({ default: m.SourcePage as Page })),
  data: () => import("./data/DataPages").then((m) => ({ default: m.DataIndex as Page })),
  scenario: () => import("./scenarios/ScenarioPages").then((m) => ({ default: m.OpenScenario as Page })),
  mine: () => import("./scenarios/ScenarioPages").then((m) => ({ default: m.MyScenarios as Page })),
  home: () => import("./home/Home").then((m) => ({ default: m.Home as Page })),
  lessons: () => import("./LessonRoutes").then((m) => ({ default: m.default as Page })),
  seat: () => import("./live/StudentRoute").then((m) => ({ default: m.StudentRoute as Page })),
} as const;

export type PageName = keyof typeof loaders;

export const PAGES = Object.fromEntries(Object.entries(loaders).map(([k, load]) => [k, lazy(load)])) as unknown as Record<PageName, Page>;

/** Start fetching a page's chunk now (the module system keeps the one promise: lazy reuses it). */
export function preload(name: PageName): void {
  void loaders[name]().catch(() => undefined); // a failed fetch is retried, and said, by the render
}
