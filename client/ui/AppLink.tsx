// A link to a page of the app: the router's Link inside a router (no page load), a plain link
// outside one (a form rendered on its own, as in its tests).
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return useInRouterContext() ? <Link to={to} className={className}>{children}</Link> : <a href={to} className={className}>{children}</a>;
}
