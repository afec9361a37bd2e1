import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The behaviour of a WAI-ARIA menu button, shared by every "⋯" row menu and the account menu: the
 * button opens the menu (click, ArrowDown to the first item, ArrowUp to the last); in the menu the arrows
 * move and wrap, Home and End jump, Escape closes and returns focus to the button, Tab closes and moves on;
 * a press outside closes. `closeOnMove`: a menu placed with fixed coordinates also closes when a scroll or resize moves its button.
 * Items are the menu's elements whose role starts with `menuitem`; the focused one follows `focusIndex`,
 * which an item also sets when it takes focus otherwise (`focusItem`).
 */
export function useMenuButton({ closeOnMove = false }: { closeOnMove?: boolean } = {}) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  /** Opens with focus on an item; -1 is the last. */
  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    // No scrolling into view: a menu placed with fixed coordinates is on screen already, and the scroll
    // that focus() would cause in the table's container counts as a move that closes the menu (closeOnMove).
    list[focusIndex < 0 ? list.length - 1 : focusIndex]?.focus({ preventScroll: true });
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // Only a move of the button itself closes the menu: opening the menu may fire a scroll event in the
    // table's container (RTL tables in particular) that leaves the button where it was.
    const anchor = buttonRef.current?.getBoundingClientRect();
    const onMove = () => {
      const now = buttonRef.current?.getBoundingClientRect();
      if (!anchor || !now || Math.abs(now.top - anchor.top) > 1 || Math.abs(now.left - anchor.left) > 1) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    if (closeOnMove) {
      window.addEventListener('resize', onMove);
      window.addEventListener('scroll', onMove, true);
    }
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, close, closeOnMove]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = items().length - 1;
    const current = focusIndex < 0 ? last : focusIndex;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (current >= last ? 0 : current + 1),
      ArrowUp: () => (current <= 0 ? last : current - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocusIndex(move());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  /** Props of the menu button (its label and looks are the caller's). */
  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => (open ? close(false) : openAt(0)),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openAt(event.key === 'ArrowDown' ? 0 : -1);
      }
    },
  } as const;

  /** Props of the menu element. */
  const menuProps = { ref: menuRef, id: menuId, role: 'menu', onKeyDown: onMenuKeyDown } as const;

  return { open, menuId, close, buttonRef, menuRef, buttonProps, menuProps, focusItem: setFocusIndex };
}
