import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode | undefined;
  children?: ReactNode | undefined;
  footer?: ReactNode | undefined;
  size?: 'sm' | 'lg' | undefined;
  /** While busy, Escape and the backdrop do not close the dialog. */
  busy?: boolean | undefined;
  role?: 'dialog' | 'alertdialog' | undefined;
};

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Accessible modal: aria-modal dialog, Escape to close, focus kept inside and restored after. */
export function Modal({ open, onClose, title, description, children, footer, size = 'sm', busy = false, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(focusable);
    (first ?? panel.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busyRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      }
      if (event.key === 'Tab' && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
        if (items.length === 0) return;
        const [firstItem, lastItem] = [items[0], items[items.length - 1]];
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem?.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press on the backdrop is the pointer's way to close; the keyboard's is Escape, handled on the panel
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4" onMouseDown={() => !busy && onClose()}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        onMouseDown={(event) => event.stopPropagation()}
        className={`max-h-[90vh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${size === 'lg' ? 'max-w-4xl' : 'max-w-md'}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-slate-600">
            {description}
          </p>
        )}
        {children && <div className="mt-4">{children}</div>}
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

type ViewerModalProps = Omit<ModalProps, 'footer' | 'size' | 'busy' | 'role'> & {
  /** The footer button's text; "Close" when not given. */
  closeLabel?: string | undefined;
  /** Focus starts on the close button rather than on the first focusable content. */
  autoFocusClose?: boolean | undefined;
};

/** A large dialog that only shows something (files, an image, a change): its one footer button closes it. */
export function ViewerModal({ closeLabel, autoFocusClose, onClose, children, ...modal }: ViewerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      onClose={onClose}
      size="lg"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose} data-autofocus={autoFocusClose || undefined}>
          {closeLabel ?? t('common:close')}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
