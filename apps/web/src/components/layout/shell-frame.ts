const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const bar = 'block animate-pulse rounded bg-slate-200 motion-reduce:animate-none';
const bars = (count: number, width: (index: number) => number) =>
  Array.from({ length: count }, (_, index) => `<span class="${bar} h-4" style="width:${width(index)}%"></span>`).join('');

/**
 * Grey shapes of the shell (navigation on the start side, header, a screen's title and rows) as HTML: the dashboard's
 * pages carry it in #root, so a phone paints the page's shape as soon as the page and its style sheet are in, before
 * any script (vite.config.ts), and the shell shows the same while it waits for the signed-in admin (ShellSkeleton).
 * Shapes only, no text: the first text painted is the screen's own. Screen readers hear one "Loading the page".
 */
export function shellFrame(pageLoading: string): string {
  return (
    `<div class="fixed inset-0 z-20 flex bg-slate-100" data-shell-skeleton>` +
    `<span role="status" class="sr-only">${escape(pageLoading)}</span>` +
    `<div aria-hidden="true" class="hidden w-64 shrink-0 flex-col gap-4 border-e border-slate-200 bg-white px-6 py-5 md:flex">` +
    `<span class="${bar} h-7 w-24"></span>` +
    bars(9, (index) => 60 + ((index * 17) % 35)) +
    `</div>` +
    `<div aria-hidden="true" class="flex min-w-0 flex-1 flex-col">` +
    `<div class="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:px-8">` +
    `<span class="${bar} h-4 w-24"></span>` +
    `<span class="${bar} h-8 w-40"></span>` +
    `</div>` +
    `<div class="flex flex-col gap-4 p-4 md:p-8">` +
    `<span class="${bar} h-3 w-32"></span>` +
    `<span class="${bar} h-7 w-56"></span>` +
    `<div class="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">` +
    bars(6, (index) => 70 + ((index * 11) % 30)) +
    `</div></div></div></div>`
  );
}
