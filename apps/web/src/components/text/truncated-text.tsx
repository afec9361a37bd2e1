import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { textDirection } from './text-direction';

type TruncatedTextProps = {
  /** The whole value: its direction decides where the cut falls, and the tooltip shows it. */
  text: string;
  /** What is shown, when it is more than the text (a styled element); the text otherwise. */
  children?: ReactNode;
  /** Width limits and type (e.g. "max-w-32 font-medium"); a block as wide as its value, at most its container. */
  className?: string | undefined;
  lang?: string | undefined;
};

/**
 * One value on one line, cut with an ellipsis at the END of its own direction: the value is isolated with its own
 * `dir`, so an English email in the Arabic layout shows "omar.kha…" and not "…@example.com", and an Arabic name in
 * the English layout keeps its first words. When it is cut, the element takes focus and shows the whole value beside
 * it on hover and on keyboard focus (a title shows on hover only).
 */
export function TruncatedText({ text, children, className = '', lang }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [clipped, setClipped] = useState(false);
  const [shown, setShown] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setClipped(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  const show = () => setShown(clipped);
  const hide = () => setShown(false);
  const direction = textDirection(text);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- hover and focus only show the whole value (Escape hides it); the value has no action */}
      <span
        ref={ref}
        dir={direction}
        lang={lang}
        className={`block w-fit min-w-0 truncate ${className}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a cut value takes focus so that keyboard users reach its whole text
        tabIndex={clipped ? 0 : undefined}
        data-truncated={clipped || undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide();
        }}
      >
        {children ?? text}
      </span>
      {shown && <FullText anchor={ref} text={text} dir={direction} lang={lang} />}
    </>
  );
}

/**
 * The whole value under the cut one, in the top layer (a popover), so that no scrolling table or dialog clips it. It
 * is hidden from screen readers: they already read the whole value, which is only cut on screen.
 */
function FullText({
  anchor,
  text,
  dir,
  lang,
}: {
  anchor: RefObject<HTMLElement | null>;
  text: string;
  dir: string;
  lang?: string | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const tip = ref.current;
    const target = anchor.current;
    if (!tip || !target) return;
    tip.showPopover?.();
    const box = target.getBoundingClientRect();
    const margin = 8;
    const width = tip.getBoundingClientRect().width;
    // Under the value, from its start edge (the right one in Arabic), kept inside the window.
    const rtl = getComputedStyle(target.parentElement ?? target).direction === 'rtl';
    const start = rtl ? box.right - width : box.left;
    tip.style.left = `${Math.max(margin, Math.min(start, window.innerWidth - width - margin))}px`;
    tip.style.top = `${box.bottom + 4}px`;
    return () => tip.hidePopover?.();
  }, [anchor]);
  return (
    <div
      ref={ref}
      popover="manual"
      aria-hidden
      dir={dir}
      lang={lang}
      data-full-text
      className="pointer-events-none fixed m-0 max-w-[min(28rem,calc(100vw-1rem))] rounded-md border-0 bg-slate-900 px-2 py-1 text-xs break-words whitespace-normal text-white shadow-lg"
      style={{ inset: 'auto', top: 0, left: 0 }}
    >
      {text}
    </div>
  );
}
