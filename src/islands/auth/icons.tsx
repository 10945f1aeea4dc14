import { iconPaths, type IconName } from '../../components/icons/paths.ts';

/** A line icon of the account pages (the site's set plus a few of their own). */
export function Icon({
  name,
  className = 'size-5',
  strokeWidth = 2,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      dangerouslySetInnerHTML={{ __html: iconPaths[name] }}
    />
  );
}
