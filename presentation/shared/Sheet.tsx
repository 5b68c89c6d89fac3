import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The slide in and out (theme.css .cw-sheet): how long a closed sheet stays drawn. */
const SLIDE_MS = 300;

/**
 * A bottom sheet over a mask, in place of antd-mobile's Popup for home's note editor: the
 * Popup animates with react-spring and closes on a swipe with use-gesture, about 26 KB
 * that home's first screen would load for a sheet it does not show (bench/notes.md,
 * seventh session); loaded later instead, the editor could not open offline in the first
 * seconds of a first visit. It looks as the Popup did (the same mask, a sheet sliding up
 * from the bottom, `bodyClassName` on the sheet) and is drawn only while open and while it
 * slides out; a tap on the mask calls `onMaskClick`.
 */
export function Sheet({ open, onMaskClick, bodyClassName, children }: { open: boolean; onMaskClick: () => void; bodyClassName?: string; children: ReactNode }) {
  // Drawn: open, or sliding out. In: at its place (a frame after it is drawn, so it slides).
  const [drawn, setDrawn] = useState(open);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (open) {
      setDrawn(true);
      // Two frames: the closed position is drawn once before the sheet moves up.
      let second = 0;
      const first = requestAnimationFrame(() => {
        second = requestAnimationFrame(() => setShown(true));
      });
      return () => {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      };
    }
    setShown(false);
    const gone = setTimeout(() => setDrawn(false), SLIDE_MS);
    return () => clearTimeout(gone);
  }, [open]);

  if (!drawn || typeof document === 'undefined') return null;
  return createPortal(
    <div className={shown ? 'cw-sheet cw-sheet--in' : 'cw-sheet'}>
      <div className="cw-sheet__mask" onClick={onMaskClick} aria-hidden="true" />
      <div className={bodyClassName ? `cw-sheet__body ${bodyClassName}` : 'cw-sheet__body'}>{children}</div>
    </div>,
    document.body,
  );
}
