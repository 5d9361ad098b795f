import { describe, expect, it } from 'vitest';
import { getCrumbs } from './breadcrumbs.tsx';

describe('breadcrumbs', () => {
  it('are the capitalised path segments; /dashboard and /configuration do not navigate', () => {
    expect(getCrumbs('/dashboard/overview', null)).toEqual([
      { href: '/dashboard', label: 'Dashboard', isLast: false, isNavigable: false },
      { href: '/dashboard/overview', label: 'Overview', isLast: true, isNavigable: false },
    ]);
  });

  it("name a menu item's page as the menu does", () => {
    expect(getCrumbs('/configuration/sub-organization', null).map((crumb) => crumb.label)).toEqual(['Configuration', 'Sub Organization']);
    expect(getCrumbs('/configuration/rbac', null).map((crumb) => crumb.label)).toEqual(['Configuration', 'RBAC']);
    expect(getCrumbs('/dashboard/audio-upload', null).map((crumb) => crumb.label)).toEqual(['Dashboard', 'Audio Upload']);
    expect(getCrumbs('/configuration/cable-collection', null).map((crumb) => crumb.label)).toEqual(['Configuration', 'Cable Collection']);
  });

  it('let earlier crumbs navigate and a screen replace the last title', () => {
    expect(getCrumbs('/dashboard/aircraft/6a1d', 'N172SP')).toEqual([
      { href: '/dashboard', label: 'Dashboard', isLast: false, isNavigable: false },
      { href: '/dashboard/aircraft', label: 'Aircraft', isLast: false, isNavigable: true },
      { href: '/dashboard/aircraft/6a1d', label: 'N172SP', isLast: true, isNavigable: false },
    ]);
    expect(getCrumbs('/configuration/sub-organization/5b1e', null)).toEqual([
      { href: '/configuration', label: 'Configuration', isLast: false, isNavigable: false },
      { href: '/configuration/sub-organization', label: 'Sub Organization', isLast: false, isNavigable: true },
      { href: '/configuration/sub-organization/5b1e', label: '5b1e', isLast: true, isNavigable: false },
    ]);
  });

  it('navigate only to screens of the route table, not to the folders between them', () => {
    expect(getCrumbs('/dashboard/logbook/entries/6a1d', '2026-03-04')).toEqual([
      { href: '/dashboard', label: 'Dashboard', isLast: false, isNavigable: false },
      { href: '/dashboard/logbook', label: 'Logbook', isLast: false, isNavigable: true },
      { href: '/dashboard/logbook/entries', label: 'Entries', isLast: false, isNavigable: false },
      { href: '/dashboard/logbook/entries/6a1d', label: '2026-03-04', isLast: true, isNavigable: false },
    ]);
    expect(getCrumbs('/dashboard/flights/17/logbook', null).map((crumb) => crumb.isNavigable)).toEqual([false, true, true, false]);
  });

  it('keep a path that is not a menu page capitalised, even when a segment looks like one', () => {
    expect(getCrumbs('/dashboard/students/rbac', null).map((crumb) => crumb.label)).toEqual(['Dashboard', 'Students', 'Rbac']);
  });
});
