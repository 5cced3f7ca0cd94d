/**
 * Keeps a scrollable tab strip's selected tab in view whenever the strip's width changes (a window
 * narrowed, a tablet turned, the scroll arrows appearing). MUI's Tabs scroll the selected tab into
 * view only when the selection or the indicator's offset changes; a narrower strip changes neither,
 * so a tab that fitted at the wider width would stay beyond the strip's edge.
 */
import { tabsClasses } from '@mui/material';
import { useCallback } from 'react';

/** A ref for the Tabs' root element; it watches the strip while the Tabs are mounted. */
export function useSelectedTabInView() {
  return useCallback((root: HTMLElement | null) => {
    const scroller = root?.querySelector<HTMLElement>(`.${tabsClasses.scroller}`);
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => bringSelectedIntoView(scroller));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);
}

/** Scrolls the strip by the least distance that shows the whole selected tab, its start first. */
function bringSelectedIntoView(scroller: HTMLElement) {
  const selected = scroller.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!selected) return;
  const strip = scroller.getBoundingClientRect();
  const tab = selected.getBoundingClientRect();
  // Sub-pixel layout: a tab within a pixel of the edge counts as shown.
  const beforeStart = tab.left - strip.left;
  const pastEnd = tab.right - strip.right;
  if (beforeStart < -1) scroller.scrollLeft += beforeStart;
  else if (pastEnd > 1) scroller.scrollLeft += Math.min(pastEnd, beforeStart);
}
