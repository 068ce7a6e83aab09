import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Announcements } from "./a11y/Announcements";
import { App, isClassSeat, runtimeSettled, startRuntimeEarly } from "./App";
import { Nav } from "./Nav";
import { startOutbox } from "./scenarios/scenarioOutbox";
import { registerServiceWorker } from "./sw/register";
import "./styles.css";
import "./styles/lessons.css";
import "./styles/modes.css";
import "./styles/peer.css";
import "./styles/check.css";
import "./styles/atlas.css";
import "./styles/sketch.css";
import { applyTheme } from "./chart/theme";

applyTheme(document.documentElement); // the chart's colours and dashes: chart/theme.ts

startRuntimeEarly(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Nav />
    {/* the "Skip to the content" link's target (Nav.tsx) */}
    <div id="content" tabIndex={-1}>
      <App />
    </div>
    <Announcements />
  </StrictMode>,
);

// (not on a student's seat in a class: keeping the app for offline use would download the whole
// Python runtime to a phone that never runs it)
if (!isClassSeat(window.location.pathname)) registerServiceWorker(runtimeSettled);
startOutbox();
