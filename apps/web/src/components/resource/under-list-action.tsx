/**
 * A mass change ("Deactivate all") kept apart from the title bar's Export: a secondary button under the list, set
 * off by a rule; its dialog asks for the count (CountConfirmDialog). The provider directories and the users list share it.
 */
export function UnderListAction({
  label,
  allowed,
  disabled,
  notAllowedTitle,
  onClick,
}: {
  label: string;
  /** The admin's role may call it; otherwise it is disabled with `notAllowedTitle` as its reason. */
  allowed: boolean;
  disabled: boolean;
  notAllowedTitle: string;
  onClick: () => void;
}) {
  return (
    <div className="mt-6 flex justify-end border-t border-slate-200 pt-4">
      <button
        type="button"
        className="btn-secondary text-red-700"
        disabled={!allowed || disabled}
        title={allowed ? undefined : notAllowedTitle}
        onClick={onClick}
        data-deactivate-all
      >
        {label}
      </button>
    </div>
  );
}
