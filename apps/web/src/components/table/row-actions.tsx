import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ellipsis, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useMenuButton } from '../menu/use-menu-button';

/** One entry of a row's "⋯" menu: a link (`to`) or a command (`onSelect`). */
export type RowAction = {
  key: string;
  label: string;
  icon?: LucideIcon | undefined;
  to?: string | undefined;
  onSelect?: (() => void) | undefined;
  /** Deletes or deactivates: listed last, after a separator, in red. */
  destructive?: boolean | undefined;
  disabled?: boolean | undefined;
};

type RowActionsProps = {
  /** Name of the row, for the menu button's accessible name ("Actions for Cairo"). */
  name: string;
  /** The usual pair; more entries go in `actions`. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  actions?: RowAction[] | undefined;
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

  const menu = useMenuButton({ closeOnMove: true });
  const { open, buttonRef, menuRef, close } = menu;
  const [position, setPosition] = useState<CSSProperties>({});

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    const rtl = getComputedStyle(buttonRef.current).direction === 'rtl';
    const below = rect.bottom + 4;
    const menuHeight = menuRef.current?.offsetHeight ?? 0;
    const vertical =
      below + menuHeight > window.innerHeight && rect.top - menuHeight - 4 > 0 ? { top: rect.top - menuHeight - 4 } : { top: below };
    setPosition(rtl ? { ...vertical, left: rect.left } : { ...vertical, right: window.innerWidth - rect.right });
  }, [open, buttonRef, menuRef]);

  if (ordered.length === 0) return null;

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
      onFocus: () => menu.focusItem(index),
    } as const;
    return action.to ? (
      <Link key={action.key} to={action.to} {...common} onClick={() => choose(action)}>
        {content}
      </Link>
    ) : (
      <button
        key={action.key}
        type="button"
        {...common}
        disabled={action.disabled}
        aria-disabled={action.disabled || undefined}
        onClick={() => choose(action)}
      >
        {content}
      </button>
    );
  };

  return (
    <div className="flex justify-end">
      <button
        {...menu.buttonProps}
        className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
        aria-label={t('rowActions', { name })}
        data-row-actions
      >
        <Ellipsis aria-hidden className="size-5" />
      </button>
      {open && (
        <div
          {...menu.menuProps}
          aria-label={t('rowActions', { name })}
          style={{ position: 'fixed', ...position }}
          className="z-50 min-w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {regular.map((action, index) => item(action, index))}
          {regular.length > 0 && destructive.length > 0 && <div role="separator" className="my-1 border-t border-slate-200" />}
          {destructive.map((action, index) => item(action, regular.length + index))}
        </div>
      )}
    </div>
  );
}
