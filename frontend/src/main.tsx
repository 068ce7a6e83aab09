import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { Nav } from "./Nav";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Nav />
    <App />
  </StrictMode>,
);
