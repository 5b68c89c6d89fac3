/**
 * Where the next step of a list drawn in steps (useDrawnSteps, useSteppedItems) is drawn:
 * it goes after the last drawn item and keeps the page a screen taller, so a fast scroll
 * lands on rows being drawn rather than on the page's end. Nothing once all are drawn
 * (a null sentinel).
 */
export function StepMore({ sentinel }: { readonly sentinel: ((el: HTMLElement | null) => void) | null }) {
  return sentinel ? <div ref={sentinel} className="cw-step-more" aria-hidden="true" /> : null;
}
