import { useCallback, useState } from 'react';

/**
 * Open state of a popup that is only mounted once it has been opened: a form of 300
 * fields must not build 300 closed pickers. After the first opening it stays mounted,
 * so its closing animation still plays.
 */
export function useLazyOpen() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, mounted, show, hide };
}
