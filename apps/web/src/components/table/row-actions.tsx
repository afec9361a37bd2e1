import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ellipsis, Pencil, Trash2, type LucideIcon } from 'lucide-react';

/** One entry of a row's "⋯" menu: a link (`to`) or a command (`onSelect`). */
export type RowAction = {
  key: string;
  label: string;
  icon?: LucideIcon;
  to?: string;
  onSelect?: () => void;
  /** Deletes or deactivates: listed last, after a separator, in red. */
  destructive?: boolean;
  disabled?: boolean;
};

type RowActionsProps = {
  /** Name of the row, for the menu button's accessible name ("Actions for Cairo"). */
  name: string;
  /** The usual pair; more entries go in `actions`. */
  onEdit?: () => void;
  onDelete?: () => void;
  actions?: RowAction[];
};

/**
 * The one row-actions control of every list: a "⋯" menu button (WAI-ARIA menu button pattern:
 * aria-haspopup/expanded, arrows/Home/End move focus, Escape or Tab closes, focus returns to the
 * button). Destructive entries come last, after a separator, in red. The menu is placed with fixed
 * coordinates so the table's scroll container never clips it, and opens towards the inline start.
 */
export function RowActions({ name, onEdit, onDelete, actions = [] }: RowActionsProps) {
  const { t } = useTranslation();
  const all: RowAction[] = [
    ...(onEdit ? [{ key: 'edit', label: t('edit'), icon: Pencil, onSelect: onEdit }] : []),
    ...actions,
    ...(onDelete ? [{ key: 'delete', label: t('delete'), icon: Trash2, onSelect: onDelete, destructive: true }] : []),
  ];
  const regular = all.filter((action) => !action.destructive);
  const destructive = all.filter((action) => action.destructive);
  const ordered = [...regular, ...destructive];

  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const [position, setPosition] = useState<CSSProperties>({});

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    const rtl = getComputedStyle(buttonRef.current).direction === 'rtl';
    const below = rect.bottom + 4;
    const menuHeight = menuRef.current?.offsetHeight ?? 0;
    const vertical = below + menuHeight > window.innerHeight && rect.top - menuHeight - 4 > 0 ? { top: rect.top - menuHeight - 4 } : { top: below };
    setPosition(rtl ? { ...vertical, left: rect.left } : { ...vertical, right: window.innerWidth - rect.right });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    items?.[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onMove = () => close(false);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, close]);

  if (ordered.length === 0) return null;

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = ordered.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (focusIndex >= last ? 0 : focusIndex + 1),
      ArrowUp: () => (focusIndex <= 0 ? last : focusIndex - 1),
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

  const choose = (action: RowAction) => {
    close(!action.to);
    action.onSelect?.();
  };

  const itemClass = (action: RowAction) =>
    `flex w-full items-center gap-2 px-3 py-2 text-start text-sm whitespace-nowrap outline-none focus:bg-slate-100 hover:bg-slate-100 disabled:opacity-50 ${
      action.destructive ? 'text-red-700' : 'text-slate-800'
    }`;

  const item = (action: RowAction, index: number) => {
    const Icon = action.icon;
    const content = (
      <>
        {Icon && <Icon aria-hidden className="size-4 shrink-0" />}
        <span>{action.label}</span>
      </>
    );
    const common = {
      role: 'menuitem',
      tabIndex: -1,
      className: itemClass(action),
      'data-action': action.key,
      onFocus: () => setFocusIndex(index),
    } as const;
    return action.to ? (
      <Link key={action.key} to={action.to} {...common} onClick={() => choose(action)}>
        {content}
      </Link>
    ) : (
      <button key={action.key} type="button" {...common} disabled={action.disabled} aria-disabled={action.disabled || undefined} onClick={() => choose(action)}>
        {content}
      </button>
    );
  };

  return (
    <div className="flex justify-end">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
        aria-label={t('rowActions', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-row-actions
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAt(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(ordered.length - 1);
          }
        }}
      >
        <Ellipsis aria-hidden className="size-5" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('rowActions', { name })}
          style={{ position: 'fixed', ...position }}
          className="z-50 min-w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          onKeyDown={onMenuKeyDown}
        >
          {regular.map((action, index) => item(action, index))}
          {regular.length > 0 && destructive.length > 0 && <div role="separator" className="my-1 border-t border-slate-200" />}
          {destructive.map((action, index) => item(action, regular.length + index))}
        </div>
      )}
    </div>
  );
}
