import { matchRouteRule, menuItems } from '@skylog/contracts';
import { ChevronRight } from 'lucide-react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** A crumb that is a menu item's page reads as the menu does ("RBAC", "Sub Organization"). */
const menuLabels = new Map(menuItems.map((item) => [item.path, item.label]));

type BreadcrumbState = { title: string | null; setTitle: (title: string | null) => void };

const BreadcrumbContext = createContext<BreadcrumbState>({ title: null, setTitle: () => undefined });

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  return <BreadcrumbContext.Provider value={{ title, setTitle }}>{children}</BreadcrumbContext.Provider>;
}

/** A screen names its last crumb (e.g. a tail number instead of an id). */
export function useBreadcrumbTitle(title: string | null | undefined) {
  const { setTitle } = useContext(BreadcrumbContext);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [title, setTitle]);
}

export function capitalise(segment: string): string {
  const text = decodeURIComponent(segment);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function getCrumbs(pathname: string, customTitle: string | null) {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    const isLast = index === segments.length - 1;
    const label = isLast && customTitle ? customTitle : (menuLabels.get(href) ?? capitalise(segment));
    // Sections and folders that are not screens of their own (/dashboard, /dashboard/logbook/entries) do not
    // navigate (docs/product.md "The shell"): only a path of the route table does.
    return { href, label, isLast, isNavigable: !isLast && matchRouteRule(href) !== undefined };
  });
}

/** Crumbs from the path segments, capitalised or named as in the menu; hidden on small screens. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const { title } = useContext(BreadcrumbContext);
  const crumbs = getCrumbs(pathname, title);
  return (
    <nav aria-label="Breadcrumb" className="hidden min-w-0 sm:block">
      <ol className="flex items-center gap-1 truncate text-sm text-slate-500">
        {crumbs.map((crumb) => (
          <li key={crumb.href} className="flex items-center gap-1">
            {crumb.isNavigable ? (
              <Link to={crumb.href} className="hover:text-brand-600 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current={crumb.isLast ? 'page' : undefined} className={crumb.isLast ? 'font-medium text-slate-900' : ''}>
                {crumb.label}
              </span>
            )}
            {crumb.isLast ? null : <ChevronRight size={14} aria-hidden />}
          </li>
        ))}
      </ol>
    </nav>
  );
}
