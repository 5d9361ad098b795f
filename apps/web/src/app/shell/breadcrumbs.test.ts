import { describe, expect, it } from 'vitest';
import { getCrumbs } from './breadcrumbs.tsx';

describe('breadcrumbs', () => {
  it('are the capitalised path segments; /dashboard and /configuration do not navigate', () => {
    expect(getCrumbs('/configuration/sub-organization', null)).toEqual([
      { href: '/configuration', label: 'Configuration', isLast: false, isNavigable: false },
      { href: '/configuration/sub-organization', label: 'Sub-organization', isLast: true, isNavigable: false },
    ]);
  });

  it('let earlier crumbs navigate and a screen replace the last title', () => {
    expect(getCrumbs('/dashboard/aircraft/6a1d', 'N172SP')).toEqual([
      { href: '/dashboard', label: 'Dashboard', isLast: false, isNavigable: false },
      { href: '/dashboard/aircraft', label: 'Aircraft', isLast: false, isNavigable: true },
      { href: '/dashboard/aircraft/6a1d', label: 'N172SP', isLast: true, isNavigable: false },
    ]);
  });
});
