// What takes focus must never hide under the sticky chart (WCAG 2.2, 2.4.11): the page keeps a
// scroll padding of the chart's height, so the browser scrolls it to below the chart.
import { type RefObject, useEffect } from "react";

export function useScrollPadding(chartBox: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = chartBox.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const ro = new ResizeObserver(() => {
      root.style.scrollPaddingTop = `${Math.ceil(el.getBoundingClientRect().height) + 8}px`;
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, [chartBox]);
}
